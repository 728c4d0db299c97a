// Reports with reasons, live (docs/trust.md): the admins' queue of reported listings. A
// listing leaves it once an admin dismisses its reports (`report.dismissed`) or it is
// gone (`product.deleted`, a removal's or its seller's; its seller's account deleted).
// A new report (`product.reported`) carries the listing alone, not the counts: the
// queue is read again for those. As with the other reducers, nothing changed answers
// the same list.
import type { Listing, ReportedListing } from '@/lib/api/types.ts';

type List<T> = readonly T[] | undefined;

/** The listing `id` leaves the queue. */
export function removeReportedListing(list: List<ReportedListing>, id: string): List<ReportedListing> {
  if (!list?.some((r) => r.listing._id === id)) return list;
  return list.filter((r) => r.listing._id !== id);
}

/** The queue without the listings of the seller `sellerId` (their account is gone). */
export function removeSellersReportedListings(list: List<ReportedListing>, sellerId: string): List<ReportedListing> {
  if (!list?.some((r) => r.listing.sellerId === sellerId)) return list;
  return list.filter((r) => r.listing.sellerId !== sellerId);
}

/**
 * Runs a reducer of listings on the listing each queue entry holds: a seller's edit, a
 * sale or a verified badge shows in the queue as on every other page, and a listing the
 * reducer drops leaves it.
 */
export function updateReportedListings(
  list: List<ReportedListing>,
  update: (listings: List<Listing>) => List<Listing>,
): List<ReportedListing> {
  if (!list) return list;
  const listings = list.map((r) => r.listing);
  const next = update(listings);
  if (!next || next === listings) return list;
  const now = new Map(next.map((listing) => [listing._id, listing]));
  return list.flatMap((r) => {
    const listing = now.get(r.listing._id);
    if (!listing) return [];
    return [listing === r.listing ? r : { ...r, listing }];
  });
}
