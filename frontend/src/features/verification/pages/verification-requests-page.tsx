// The admins' Verification requests (/dashboard/verification-requests; docs/trust.md,
// "Sellers verified with evidence"): the requests waiting, oldest first, each with its
// seller, when it was sent, its three photos, Approve and Reject. The queue fills and
// empties live (`verification.requested`, `verification.decided`). A link to one request
// (`#<id>`, All Sellers' Verify) scrolls to it and marks it, or says it was decided; once
// this admin decides one, the focus goes on to the next.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { useVerificationQueue, verificationRequestElementId } from '@/lib/api/verification-requests.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { RequestCard } from '@/features/verification/components/request-card.tsx';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

/** The request a link names (`#<id>`), if any. */
function linkedRequest(hash: string): string {
  const id = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export function VerificationRequestsPage() {
  const t = useT(verificationMessages);
  const { locale } = useLanguage();
  usePageTitle(t('requestsTitle'));
  const queue = useVerificationQueue();
  const target = linkedRequest(useLocation().hash);
  const heading = useRef<HTMLHeadingElement>(null);
  const requests = queue.data;
  const loaded = queue.isSuccess;

  // Opened on one request: it comes into view with the focus, once the queue is read.
  useEffect(() => {
    if (!target || !loaded) return;
    const element = document.getElementById(verificationRequestElementId(target));
    if (!element) return;
    element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
  }, [target, loaded]);

  // Decided here: once it has left the list, the focus goes to the request that took its
  // place (or the one before it, or the heading when none is left).
  const [decided, setDecided] = useState<{ id: string; at: number } | null>(null);
  const handled = useRef<typeof decided>(null);
  useEffect(() => {
    if (!decided || handled.current === decided || !requests) return;
    if (requests.some((request) => request._id === decided.id)) return;
    handled.current = decided;
    const next = requests[decided.at] ?? requests[decided.at - 1];
    (next ? document.getElementById(verificationRequestElementId(next._id)) : heading.current)?.focus();
  }, [decided, requests]);

  const gone = Boolean(target) && loaded && !requests?.some((request) => request._id === target);
  return (
    <section aria-labelledby="verification-requests-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          ref={heading}
          id="verification-requests-title"
          tabIndex={-1}
          className="text-2xl font-bold text-stone-900 focus:outline-none"
        >
          {t('requestsTitle')}
        </h2>
        {requests && requests.length > 0 && (
          <p className="text-sm text-stone-600">
            {t('waiting', { count: requests.length, shown: formatNumber(requests.length, locale) })}
          </p>
        )}
      </div>
      <p className="mb-4 text-sm text-stone-600">{t('requestsIntro')}</p>
      {gone && (
        <p role="status" className="mb-4 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
          {t('gone')}
        </p>
      )}
      {queue.isPending ? (
        <PageSpinner label={t('loadingRequests')} />
      ) : queue.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {queue.error.message}
        </p>
      ) : queue.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-10 text-center text-lg text-stone-600 shadow-sm ring-1 ring-stone-200">
          {t('noRequests')}
        </p>
      ) : (
        <ul aria-label={t('requests')} className="flex flex-col gap-4">
          {queue.data.map((request, at) => (
            <RequestCard
              key={request._id}
              request={request}
              focused={request._id === target}
              onDecided={() => {
                setDecided({ id: request._id, at });
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
