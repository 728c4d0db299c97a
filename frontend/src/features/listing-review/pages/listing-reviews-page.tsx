// The admins' Listing review (/dashboard/listing-reviews; docs/trust.md, "Listings
// reviewed when it matters"): the listings that wait before buyers see them, oldest
// first, each with its photo, seller, price, why it waits, a link to the bike, Approve and
// Reject with a reason. The queue fills and empties live (`listing.review_requested`,
// again at the back when a seller edits a waiting listing; `listing.reviewed`). Once this
// admin decides one, the focus goes on to the next.
import { useEffect, useRef, useState } from 'react';
import { PageSpinner } from '@/components/spinner.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { listingReviewElementId, useListingReviews } from '@/features/listing-review/api/listing-reviews.ts';
import { ReviewCard } from '@/features/listing-review/components/review-card.tsx';
import { listingReviewMessages } from '@/features/listing-review/listing-review.messages.ts';

export function ListingReviewsPage() {
  const t = useT(listingReviewMessages);
  const { locale } = useLanguage();
  usePageTitle(t('title'));
  const queue = useListingReviews();
  const heading = useRef<HTMLHeadingElement>(null);
  const reviews = queue.data;

  // Decided here: once it has left the list, the focus goes to the listing that took its
  // place (or the one before it, or the heading when none is left).
  const [decided, setDecided] = useState<{ id: string; at: number } | null>(null);
  const handled = useRef<typeof decided>(null);
  useEffect(() => {
    if (!decided || handled.current === decided || !reviews) return;
    if (reviews.some((review) => review.listing._id === decided.id)) return;
    handled.current = decided;
    const next = reviews[decided.at] ?? reviews[decided.at - 1];
    (next ? document.getElementById(listingReviewElementId(next.listing._id)) : heading.current)?.focus();
  }, [decided, reviews]);

  return (
    <section aria-labelledby="listing-reviews-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          ref={heading}
          id="listing-reviews-title"
          tabIndex={-1}
          className="text-2xl font-bold text-stone-900 focus:outline-none"
        >
          {t('title')}
        </h2>
        {reviews && reviews.length > 0 && (
          <p className="text-sm text-stone-600">
            {t('waiting', { count: reviews.length, shown: formatNumber(reviews.length, locale) })}
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
          {queue.data.map((review, at) => (
            <ReviewCard
              key={review.listing._id}
              review={review}
              onDecided={() => {
                setDecided({ id: review.listing._id, at });
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
