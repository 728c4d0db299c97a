// One listing in the admins' queue: its cover photo, name, price and seller, how long it
// has waited, why it waits (its flags, in words), its description (where a phone number or
// a request for money shows), a link to its page, then Approve and Reject, which asks
// why. Either takes it out of the queue once the server agrees; one another admin decided
// first leaves it too, saying so.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { ListingReview } from '@/lib/api/types.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import { approveListingMutation, listingReviewElementId } from '@/features/listing-review/api/listing-reviews.ts';
import { RejectListingDialog } from '@/features/listing-review/components/reject-listing-dialog.tsx';
import { listingReviewMessages } from '@/features/listing-review/listing-review.messages.ts';

const approve = approveListingMutation();

/** The flags the page says in words; a flag it does not know yet (a newer server) shows as sent. */
const FLAGS = ['first_listing', 'contact', 'money', 'banned', 'low_price', 'resubmitted'] as const;

/** What the flags weigh: a seller new to the site is plain news, the others are warnings. */
const flagLook = (flag: string) =>
  flag === 'first_listing' || flag === 'resubmitted'
    ? 'bg-sky-50 text-sky-900 ring-sky-200'
    : 'bg-amber-50 text-amber-950 ring-amber-300';

const buttonLook =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold shadow-sm aria-disabled:cursor-wait aria-disabled:opacity-60';

export function ReviewCard({
  review,
  onDecided,
}: {
  review: ListingReview;
  /** This admin decided it: it is leaving the queue. */
  onDecided: () => void;
}) {
  const t = useT(listingReviewMessages);
  const { locale } = useLanguage();
  const approving = useMutation(approve);
  const [rejecting, setRejecting] = useState(false);
  const { listing, flags, askedAt } = review;
  const elementId = listingReviewElementId(listing._id);
  const page = `/products/${encodeURIComponent(listing._id)}`;

  const runApprove = async () => {
    if (approving.isPending) return;
    try {
      // Awaited, not `mutate`'s callbacks: this card has left the page once it succeeds.
      await approving.mutateAsync(listing);
      toast.success(t('approved', { name: listing.productName }));
      onDecided();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <li>
      <article
        id={elementId}
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
            <p className="text-sm break-words text-stone-700">{t('sellerIs', { name: listing.sellerName })}</p>
            <p className="text-sm text-stone-600">
              <time dateTime={askedAt}>{t('askedAt', { time: dhakaTime(askedAt, locale) })}</time>
            </p>
          </div>
        </div>
        {flags.length > 0 && (
          <div className="mt-3">
            <ul aria-label={t('why')} className="flex flex-wrap gap-2">
              {flags.map((flag) => (
                <li
                  key={flag}
                  className={`rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${flagLook(flag)}`}
                >
                  {isFlag(flag) ? t(flag) : flag}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="mt-3 line-clamp-4 text-sm whitespace-pre-line text-stone-700">{listing.description}</p>
        <Link
          to={page}
          aria-label={t('openPageOf', { name: listing.productName })}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {t('openPage')}
        </Link>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:flex sm:justify-end">
          <button
            type="button"
            aria-disabled={approving.isPending || undefined}
            onClick={() => {
              if (!approving.isPending) setRejecting(true);
            }}
            className={`${buttonLook} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
          >
            {t('reject')}
          </button>
          <button
            type="button"
            aria-disabled={approving.isPending || undefined}
            onClick={() => void runApprove()}
            className={`${buttonLook} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {approving.isPending && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
              />
            )}
            {approving.isPending ? t('approving') : t('approve')}
          </button>
        </div>
      </article>
      {rejecting && (
        <RejectListingDialog
          listing={listing}
          onClose={() => {
            setRejecting(false);
          }}
          onRejected={onDecided}
        />
      )}
    </li>
  );
}

function isFlag(flag: string): flag is (typeof FLAGS)[number] {
  return (FLAGS as readonly string[]).includes(flag);
}
