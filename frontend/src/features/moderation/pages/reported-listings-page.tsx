// The admins' Reported Products (/dashboard/reported-products; docs/trust.md, "Reports
// with reasons"): the listings buyers report, the most reported first, each with its
// photo, a link to the bike, how many report it and why, and each report; Dismiss,
// Remove with a reason, Warn or Suspend the seller, and the spec's Delete. The queue
// changes live: a new report joins it (or counts on a listing there), and a listing
// leaves once any admin dismisses its reports or it is gone. Once this admin decides one,
// the focus goes on to the next.
import { useEffect, useRef, useState } from 'react';
import { PageSpinner } from '@/components/spinner.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { reportedListingElementId, useReports } from '@/features/moderation/api/reports.ts';
import { ReportedCard } from '@/features/moderation/components/reported-card.tsx';
import { moderationMessages } from '@/features/moderation/moderation.messages.ts';

export function ReportedListingsPage() {
  const t = useT(moderationMessages);
  const { locale } = useLanguage();
  usePageTitle(t('title'));
  const queue = useReports();
  const heading = useRef<HTMLHeadingElement>(null);
  const reported = queue.data;

  // Decided here: once it has left the list, the focus goes to the listing that took its
  // place (or the one before it, or the heading when none is left).
  const [decided, setDecided] = useState<{ id: string; at: number } | null>(null);
  const handled = useRef<typeof decided>(null);
  useEffect(() => {
    if (!decided || handled.current === decided || !reported) return;
    if (reported.some((r) => r.listing._id === decided.id)) return;
    handled.current = decided;
    const next = reported[decided.at] ?? reported[decided.at - 1];
    (next ? document.getElementById(reportedListingElementId(next.listing._id)) : heading.current)?.focus();
  }, [decided, reported]);

  return (
    <section aria-labelledby="reported-products-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          ref={heading}
          id="reported-products-title"
          tabIndex={-1}
          className="text-2xl font-bold text-stone-900 focus:outline-none"
        >
          {t('title')}
        </h2>
        {reported && reported.length > 0 && (
          <p className="text-sm text-stone-600">
            {t('reported', { count: reported.length, shown: formatNumber(reported.length, locale) })}
          </p>
        )}
      </div>
      <p className="mb-4 text-sm text-stone-600">{t('intro')}</p>
      {queue.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : queue.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {queue.error.message}
        </p>
      ) : queue.data.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-lg text-stone-700">{t('empty')}</p>
          <p className="mt-1 text-sm text-stone-600">{t('emptyMore')}</p>
        </div>
      ) : (
        <ul aria-label={t('listings')} className="flex flex-col gap-4">
          {queue.data.map((entry, at) => (
            <ReportedCard
              key={entry.listing._id}
              reported={entry}
              onDecided={() => {
                setDecided({ id: entry.listing._id, at });
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
