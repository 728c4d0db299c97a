// Listings reviewed when it matters, live (docs/trust.md): `listing.review_requested`
// puts a listing in the admins' queue (and again, at the back, when its seller edits it
// while it waits); `listing.reviewed` (approved or rejected, by any admin) takes it out,
// and its seller's own pages show the outcome. As with the other reducers, nothing
// changed answers the same list.
import { produce } from 'immer';
import type { Listing, ListingReview } from '@/lib/api/types.ts';
import { inReview } from '@/lib/listing-state.ts';

type List<T> = readonly T[] | undefined;

/**
 * A listing asking for review joins the queue in its place (oldest first, as the server
 * lists it), once. Asked again (an edit while it waits), it leaves its old place for its
 * new one, at the back, with what the edit made of it. A listing no longer waiting does
 * not join.
 */
export function addListingReview(list: List<ListingReview>, review: ListingReview): List<ListingReview> {
  if (!list || !inReview(review.listing)) return list;
  const id = review.listing._id;
  const had = list.find((r) => r.listing._id === id);
  if (had && had.askedAt === review.askedAt) return list;
  // An older request replayed after a newer one changes nothing.
  if (had && Date.parse(had.askedAt) > Date.parse(review.askedAt)) return list;
  const others = list.filter((r) => r.listing._id !== id);
  const at = Date.parse(review.askedAt);
  const after = others.findIndex((r) => Date.parse(r.askedAt) > at);
  return after === -1 ? [...others, review] : [...others.slice(0, after), review, ...others.slice(after)];
}

/** A decided (or deleted) listing leaves the queue. */
export function removeListingReview(list: List<ListingReview>, id: string): List<ListingReview> {
  if (!list?.some((r) => r.listing._id === id)) return list;
  return list.filter((r) => r.listing._id !== id);
}

/** The queue without the listings of the seller `sellerId` (their account is gone). */
export function removeSellersReviews(list: List<ListingReview>, sellerId: string): List<ListingReview> {
  if (!list?.some((r) => r.listing.sellerId === sellerId)) return list;
  return list.filter((r) => r.listing.sellerId !== sellerId);
}

/**
 * A listing's state as an event carries it (in review, live, rejected with the reason):
 * every copy of it says so. Only its seller's and admins' pages hold a listing that is not
 * live, so only those are patched with this.
 */
export function setListingState<T extends Pick<Listing, '_id' | 'state' | 'stateReason'>>(
  list: List<T>,
  listing: Pick<Listing, '_id' | 'state' | 'stateReason'>,
): List<T> {
  const stale = (item: T) =>
    item._id === listing._id && (item.state !== listing.state || item.stateReason !== listing.stateReason);
  if (!list?.some(stale)) return list;
  return produce(list, (draft) => {
    for (const item of draft as T[]) {
      if (!stale(item)) continue;
      item.state = listing.state;
      // A reason belongs to a rejection: live again, or back in review, it has none.
      if (listing.stateReason === undefined) delete item.stateReason;
      else item.stateReason = listing.stateReason;
    }
  });
}
