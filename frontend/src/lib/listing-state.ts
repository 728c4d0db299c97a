// Where a listing stands (docs/trust.md, "Listings reviewed when it matters"): most go
// live the moment they are posted; some wait for an admin first (`pending`), and one an
// admin turned down is `rejected`, with the admin's reason, until its seller edits it and
// it waits again. Only a live listing is public: its seller and admins alone see the
// others, and no page offers to book, message, save or report one.
import type { Listing } from './api/types.ts';

type WithState = Pick<Listing, 'state'>;

/** The one state buyers see: on every public page, bookable. */
export const LIVE = 'live';
/** Waiting for an admin's review. */
export const PENDING = 'pending';
/** Turned down by an admin, with the reason, until the seller edits it. */
export const REJECTED = 'rejected';

/** Whether buyers see `listing`: it is on the public pages and may be booked. */
export function isLive(listing: WithState): boolean {
  return listing.state === LIVE;
}

/** Whether `listing` waits for an admin before buyers see it. */
export function inReview(listing: WithState): boolean {
  return listing.state === PENDING;
}

/** Whether an admin turned `listing` down (its `stateReason` says why). */
export function isRejected(listing: WithState): boolean {
  return listing.state === REJECTED;
}
