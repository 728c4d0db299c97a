// One listing in the admins' queue of reports: its cover photo, name, price and seller, a
// link to its page, how many buyers report it and why (each reason in words, with how
// many gave it), then each report — who, why, their note, when. Then what the admin does:
// Dismiss (the listing stays), Remove (deleted, its seller told why), Warn or Suspend its
// seller, and the spec's Delete. Dismiss and Remove take it out of the queue once the
// server agrees; one another admin decided first leaves it too, saying so.
import { useState } from 'react';
import { Link } from 'react-router';
import { AccountActions } from '@/components/account-actions.tsx';
import { DeleteButton } from '@/components/confirm-button.tsx';
import { deleteListingMutation } from '@/lib/api/delete-listing.ts';
import type { ListingReport, ReportedListing } from '@/lib/api/types.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, formatTaka } from '@/lib/i18n/numbers.ts';
import { isReportReason } from '@/lib/report-reason.ts';
import { reportReasonMessages } from '@/lib/report-reason.messages.ts';
import { reportedListingElementId } from '@/features/moderation/api/reports.ts';
import { DismissDialog } from '@/features/moderation/components/dismiss-dialog.tsx';
import { RemoveListingDialog } from '@/features/moderation/components/remove-listing-dialog.tsx';
import { moderationMessages } from '@/features/moderation/moderation.messages.ts';

const deleteListing = deleteListingMutation();

const buttonLook =
  'inline-flex min-h-12 items-center justify-center rounded-lg px-4 py-2.5 font-semibold shadow-sm';

/** A reason in words; one the page does not know yet (a newer server) as sent. */
function useReasonWords(): (reason: string) => string {
  const say = useT(reportReasonMessages);
  return (reason) => (isReportReason(reason) ? say(reason) : reason);
}

function ReportItem({ report }: { report: ListingReport }) {
  const t = useT(moderationMessages);
  const { locale } = useLanguage();
  const reasonOf = useReasonWords();
  return (
    <li className="py-2.5 first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-800">
        <span className="font-semibold break-words">{report.reporterName}</span>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-stone-700 ring-1 ring-stone-300">
          {reasonOf(report.reason)}
        </span>
      </p>
      {report.note && (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-700">
          {t('note', { note: report.note })}
        </p>
      )}
      <p className="mt-0.5 text-xs text-stone-500">
        <time dateTime={report.reportedAt}>{dhakaTime(report.reportedAt, locale)}</time>
      </p>
    </li>
  );
}

export function ReportedCard({
  reported,
  onDecided,
}: {
  reported: ReportedListing;
  /** This admin dismissed or removed it: it is leaving the queue. */
  onDecided: () => void;
}) {
  const t = useT(moderationMessages);
  const { locale } = useLanguage();
  const reasonOf = useReasonWords();
  const [asking, setAsking] = useState<'dismiss' | 'remove' | null>(null);
  const { listing, count, reasons, reports } = reported;
  const page = `/products/${encodeURIComponent(listing._id)}`;
  const close = () => {
    setAsking(null);
  };

  return (
    <li>
      <article
        id={reportedListingElementId(listing._id)}
        tabIndex={-1}
        aria-label={t('listingOf', { name: listing.productName, seller: listing.sellerName })}
        className="scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-5"
      >
        <div className="flex gap-3 sm:gap-4">
          <img
            src={listing.productImage}
            alt={t('photoOf', { name: listing.productName })}
            width={160}
            height={120}
            loading="lazy"
            className="aspect-[4/3] w-24 shrink-0 self-start rounded-lg bg-stone-100 object-cover ring-1 ring-stone-200 sm:w-40"
          />
          <div className="min-w-0 flex-1">
            <h3 className="text-lg leading-snug font-semibold break-words text-stone-900">{listing.productName}</h3>
            <p className="text-lg font-bold text-brand-800 tabular-nums">{formatTaka(listing.resalePrice, locale)}</p>
            <p className="text-sm wrap-anywhere text-stone-600">
              {t('bySeller', { seller: listing.sellerName, email: listing.sellerEmail ?? '' })}
            </p>
            <p className="mt-1 inline-block rounded-md bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
              {t('reportedBy', { count, shown: formatNumber(count, locale) })}
            </p>
          </div>
        </div>
        <ul aria-label={t('reasons')} className="mt-3 flex flex-wrap gap-2">
          {reasons.map(({ reason, count: given }) => (
            <li
              key={reason}
              className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-300"
            >
              {t('reasonCount', { reason: reasonOf(reason), shown: formatNumber(given, locale) })}
            </li>
          ))}
        </ul>
        <section aria-label={t('reports')} className="mt-3 rounded-xl bg-stone-50 px-3 py-2.5 ring-1 ring-stone-200">
          <ul className="divide-y divide-stone-200">
            {reports.map((report) => (
              <ReportItem key={report.reporterId} report={report} />
            ))}
          </ul>
        </section>
        <Link
          to={page}
          aria-label={t('openPageOf', { name: listing.productName })}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {t('openPage')}
        </Link>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:justify-end">
          <button
            type="button"
            onClick={() => {
              setAsking('remove');
            }}
            className={`${buttonLook} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
          >
            {t('remove')}
          </button>
          <button
            type="button"
            onClick={() => {
              setAsking('dismiss');
            }}
            className={`${buttonLook} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {t('dismiss')}
          </button>
          <AccountActions userId={listing.sellerId} name={listing.sellerName} look="card" asSeller />
        </div>
        <div className="mt-3 flex justify-end border-t border-stone-100 pt-3">
          <DeleteButton
            mutation={deleteListing}
            variables={listing}
            what={listing.productName}
            prompt={t('deletePrompt')}
          />
        </div>
      </article>
      {asking === 'dismiss' && <DismissDialog listing={listing} onClose={close} onDismissed={onDecided} />}
      {asking === 'remove' && <RemoveListingDialog listing={listing} onClose={close} onRemoved={onDecided} />}
    </li>
  );
}
