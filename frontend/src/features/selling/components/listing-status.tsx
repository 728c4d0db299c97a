// A listing's status on My Products: while it waits for an admin, "In review"; turned
// down, "Rejected" with the admin's reason and how to put it right (an edit sends it
// back for review); live, its availability. The reason is the seller's alone: the flags
// that sent it to review are the admins'.
import { Pill } from '@/components/data-table.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { inReview, isRejected } from '@/lib/listing-state.ts';
import { listingStateMessages } from '@/lib/listing-state.messages.ts';
import { AvailabilityPill } from '@/features/selling/components/availability-pill.tsx';

export function ListingStatus({ listing }: { listing: Listing }) {
  const t = useT(listingStateMessages);
  if (inReview(listing)) return <Pill tone="amber">{t('inReview')}</Pill>;
  if (!isRejected(listing)) return <AvailabilityPill listing={listing} />;
  return (
    <span className="flex max-w-64 flex-col gap-1 max-sm:items-end sm:items-start">
      <Pill tone="red">{t('rejected')}</Pill>
      {listing.stateReason && (
        <span className="text-sm wrap-break-word text-stone-800">{listing.stateReason}</span>
      )}
      <span className="text-xs text-stone-600">{t('editSendsBack')}</span>
    </span>
  );
}

/**
 * Above the edit form of a listing that is not live: why it was turned down, and that
 * saving sends it back for review; or that it waits, and saving puts it at the back.
 */
export function ReviewNotice({ listing }: { listing: Listing }) {
  const t = useT(listingStateMessages);
  if (inReview(listing)) {
    return (
      <div role="note" className="mb-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
        <p className="font-semibold">{t('inReviewWhy')}</p>
        <p className="mt-1">{t('editWhileInReview')}</p>
      </div>
    );
  }
  if (!isRejected(listing)) return null;
  return (
    <div role="note" className="mb-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
      <p className="font-semibold wrap-break-word">
        {listing.stateReason ? t('rejectedBecause', { reason: listing.stateReason }) : t('rejected')}
      </p>
      <p className="mt-1">{t('editSendsBack')}</p>
    </div>
  );
}
