// The server's live events (docs/events.md) and the pure reducers that fold
// one event into one cached list: (oldData, event) → newData, with immer, so an
// unchanged list keeps its identity and React re-renders nothing.
import { produce } from 'immer';
import type { components } from '@/lib/api/schema.d.ts';
import type {
  Advert,
  Category,
  ConversationReport,
  Notifications,
  Notification,
  Listing,
  User,
} from '@/lib/api/types.ts';
import { dealStage, isOpen } from '@/lib/deal-status.ts';
import type { OfferUpdated } from './offer-events.ts';
import type { SafetyEvent } from './safety-events.ts';

export type Booking = components['schemas']['BookingView'];

/** A listing that changed: sold, for sale again, or deleted. */
export type ListingRef = components['schemas']['ListingIds'];

/**
 * Every live event, generated from the server's own definition (`LiveEvent`), an offer's
 * new state, and a conversation's blocking and deleted messages.
 */
export type LiveEvent = components['schemas']['LiveEvent'] | OfferUpdated | SafetyEvent;

export type LiveEventName = LiveEvent['event'];

/** Every name, checked against the generated union both ways: none missing, none extra. */
const EVERY_NAME = {
  'category.created': true,
  'product.created': true,
  'product.updated': true,
  'product.sold': true,
  'product.unsold': true,
  'product.reserved': true,
  'product.available': true,
  'product.deleted': true,
  'advert.created': true,
  'advert.removed': true,
  'product.reported': true,
  'seller.verified': true,
  'order.created': true,
  'order.cancelled': true,
  'order.paid': true,
  'deal.updated': true,
  'user.deleted': true,
  'notification.created': true,
  'message.created': true,
  'message.read': true,
  'offer.updated': true,
  'conversation.updated': true,
  'message.hidden': true,
  'conversation.reported': true,
  'verification.requested': true,
  'verification.decided': true,
  'listing.review_requested': true,
  'listing.reviewed': true,
  'report.dismissed': true,
  'user.suspended': true,
  'seller.rated': true,
} as const satisfies Record<LiveEventName, true>;

const NAMES: ReadonlySet<string> = new Set(Object.keys(EVERY_NAME));

/** What the server sends on the socket. */
export type ServerMessage =
  | { type: 'event'; seq: number; live: LiveEvent | null }
  | { type: 'auth'; ok: boolean }
  | { type: 'reset' }
  | { type: 'typing'; conversationId: string; from: string }
  | { type: 'other' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Parses one socket frame; an unknown event keeps its seq but carries no `live`. */
export function parseServerMessage(text: string): ServerMessage {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { type: 'other' };
  }
  if (!isRecord(body)) return { type: 'other' };
  if (body.type === 'reset') return { type: 'reset' };
  if (body.type === 'auth') return { type: 'auth', ok: body.ok === true };
  // Someone typing: not an event (no place in the log), passed to whoever listens.
  if (body.type === 'typing' && typeof body.conversationId === 'string' && typeof body.from === 'string') {
    return { type: 'typing', conversationId: body.conversationId, from: body.from };
  }
  if (body.type === 'event' && typeof body.seq === 'number') {
    const known = typeof body.event === 'string' && NAMES.has(body.event) && isRecord(body.data);
    return {
      type: 'event',
      seq: body.seq,
      live: known ? ({ event: body.event, data: body.data } as LiveEvent) : null,
    };
  }
  return { type: 'other' };
}

type List<T> = readonly T[] | undefined;

/** Appends (categories are listed oldest first) unless already there. */
export function addCategory(list: List<Category>, category: Category): List<Category> {
  if (!list || list.some((c) => c._id === category._id)) return list;
  return produce(list, (draft) => {
    draft.push(category);
  });
}

/** Newest first, as the server lists listings, adverts and bookings. */
function prependOnce<T extends { _id: string }>(list: List<T>, item: T): List<T> {
  if (!list || list.some((x) => x._id === item._id)) return list;
  return [item, ...list];
}

/** A category's listings (`['products', categoryId]`): a new one goes on top. */
export function addCategoryListing(list: List<Listing>, categoryId: string, listing: Listing): List<Listing> {
  return listing.categoryId === categoryId ? prependOnce(list, listing) : list;
}

/** The fields of a listing its seller may change, as a changed listing carries them. */
const CHANGEABLE = [
  'productImage',
  'photos',
  'kmDriven',
  'district',
  'area',
  'condition',
  'color',
  'description',
  'location',
  'resalePrice',
  'sellerPhone',
] as const satisfies readonly (keyof Listing)[];

/** Equal as a listing's field: the same value, or lists (photos) of the same items in order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * A listing its seller changed: every copy of it (a card, an advert by `advertiseId`, a
 * booking by `bookingId`) shows the new fields. A booking's `price` stays: it keeps the
 * price it was made at. A field the event lacks (the public form has no phone) keeps
 * what the copy had.
 */
export function updateListing<T extends Partial<Pick<Listing, (typeof CHANGEABLE)[number]>> & { _id: string }>(
  list: List<T>,
  listing: Listing,
  idOf: (item: T) => string = (item) => item._id,
): List<T> {
  const changes = Object.fromEntries(
    CHANGEABLE.filter((field) => listing[field] !== undefined).map((field) => [field, listing[field]]),
  ) as Partial<T>;
  const stale = (item: T) =>
    idOf(item) === listing._id &&
    Object.entries(changes).some(([field, value]) => !sameValue(item[field as keyof T], value));
  if (!list?.some(stale)) return list;
  return produce(list, (draft) => {
    for (const item of draft as T[]) {
      if (idOf(item) !== listing._id) continue;
      Object.assign(item, changes);
    }
  });
}

/** A seller's own listings (`['sellerProducts', email]`). */
export function addSellerListing(list: List<Listing>, sellerEmail: string, listing: Listing): List<Listing> {
  return listing.sellerEmail === sellerEmail ? prependOnce(list, listing) : list;
}

/** How the server words a listing's availability. */
export const SOLD = 'sold';
export const AVAILABLE = 'Available';

/**
 * Sets the availability of the listing `id` (sold, or for sale again when a sale was
 * undone), in any list of listings (or bookings, by `bookingId`).
 */
export function setAvailability<T extends { _id: string; availability: string; bookingId?: string }>(
  list: List<T>,
  id: string,
  availability: typeof SOLD | typeof AVAILABLE,
): List<T> {
  if (!list) return list;
  const hits = (x: T) => (x.bookingId ?? x._id) === id && x.availability !== availability;
  if (!list.some(hits)) return list;
  return produce(list, (draft) => {
    for (const item of draft) if (hits(item as T)) item.availability = availability;
  });
}

/** Drops every item whose `key` is `id` (a deleted listing, advert, booking or user). */
export function removeWhere<T>(list: List<T>, key: (item: T) => string, id: string): List<T> {
  if (!list || !list.some((x) => key(x) === id)) return list;
  return list.filter((x) => key(x) !== id);
}

/** A new advert (adverts are listed newest first). */
export function addAdvert(list: List<Advert>, advert: Advert): List<Advert> {
  return prependOnce(list, advert);
}

/** A seller's table shows whether each listing is in the advert strip. */
export function setAdvertised(list: List<Listing>, id: string, advertised: boolean): List<Listing> {
  if (!list?.some((p) => p._id === id && p.advertised !== advertised)) return list;
  return produce(list, (draft) => {
    for (const listing of draft) if (listing._id === id) listing.advertised = advertised;
  });
}

/** A newly reported listing joins the admin's queue. */
export function addReportedListing(list: List<Listing>, listing: Listing): List<Listing> {
  return prependOnce(list, listing);
}

/** A newly reported conversation joins the admin's queue, on top. */
export function addReportedConversation(
  list: List<ConversationReport>,
  report: ConversationReport,
): List<ConversationReport> {
  return prependOnce(list, report);
}

/** Listings and adverts of the seller `sellerId` show the verified badge. */
export function markSellerVerified<T extends { sellerId: string; sellerVerification: boolean }>(
  list: List<T>,
  sellerId: string,
): List<T> {
  if (!list) return list;
  const hits = (x: T) => x.sellerId === sellerId && !x.sellerVerification;
  if (!list.some(hits)) return list;
  return produce(list, (draft) => {
    for (const item of draft) if (hits(item as T)) item.sellerVerification = true;
  });
}

/** Every listing of the seller's shows their new rating (`seller.rated`). */
export function setSellerRating<T extends { sellerId: string; sellerRating: Rating }>(
  list: List<T>,
  sellerId: string,
  rating: Rating,
): List<T> {
  if (!list) return list;
  const hits = (x: T) =>
    x.sellerId === sellerId && (x.sellerRating.count !== rating.count || x.sellerRating.average !== rating.average);
  if (!list.some(hits)) return list;
  return produce(list, (draft) => {
    for (const item of draft) if (hits(item as T)) (item as T).sellerRating = rating;
  });
}

/** A seller's rating, as listings and `seller.rated` carry it. */
export type Rating = components['schemas']['RatingView'];

/** The admin's seller table: that seller becomes "verified". */
export function markUserVerified(list: List<User>, id: string): List<User> {
  if (!list?.some((u) => u._id === id && u.verification !== 'verified')) return list;
  return produce(list, (draft) => {
    for (const user of draft) if (user._id === id) user.verification = 'verified';
  });
}

/**
 * The admin's buyer and seller tables: an admin suspended that person. Why comes with the
 * list read again (the event names the person only).
 */
export function markUserSuspended(list: List<User>, id: string): List<User> {
  if (!list?.some((u) => u._id === id && !u.suspended)) return list;
  return produce(list, (draft) => {
    for (const user of draft) if (user._id === id) user.suspended = true;
  });
}

/** A buyer's bookings (`['orders', buyerEmail]`): a new booking goes on top. */
export function addBooking(list: List<Booking>, buyerEmail: string, booking: Booking): List<Booking> {
  return booking.buyerEmail === buyerEmail ? prependOnce(list, booking) : list;
}

/** The bookings of a seller's bikes (`['sellerOrders', sellerEmail]`): a new one goes on top. */
export function addSellerBooking(list: List<Booking>, sellerEmail: string, booking: Booking): List<Booking> {
  return booking.sellerEmail === sellerEmail ? prependOnce(list, booking) : list;
}

/** A cancelled booking stays in the seller's list, marked cancelled. */
export function markBookingCancelled(list: List<Booking>, id: string): List<Booking> {
  // Only an open booking (waiting or reserved) can be cancelled: an out-of-order replay
  // must not undo a sale or reopen what the seller ended.
  const hits = (o: Booking) => o._id === id && isOpen(o);
  if (!list?.some(hits)) return list;
  return produce(list, (draft) => {
    for (const booking of draft) if (hits(booking)) booking.status = 'cancelled';
  });
}

/** Whether `next` is the same booking as `now` stands, or further along its deal. */
function isNewer(now: Booking, next: Booking): boolean {
  const [before, after] = [dealStage(now), dealStage(next)];
  if (after !== before) return after > before;
  // In line, a place only moves forward.
  if (now.status === 'waiting' && next.status === 'waiting') {
    return (next.queuePosition ?? Infinity) <= (now.queuePosition ?? Infinity);
  }
  // A meeting proposal only gives way to a later one, or to the same one agreed.
  const [was, will] = [now.meeting, next.meeting];
  if (was && will) return will.proposal > was.proposal || (will.proposal === was.proposal && (will.agreed || !was.agreed));
  return !was || Boolean(will);
}

/**
 * The fields a booking answer carries, compared to tell an unchanged booking from a changed
 * one; a field may be a list (photos) or a record (the meeting), compared by content.
 */
function sameBooking(a: Booking, b: Booking): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof Booking>;
  return [...keys].every((key) => sameValue(a[key], b[key]) || JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/**
 * A booking moved along its deal (`deal.updated`, the booking as it now stands): it
 * replaces the copy with its `_id`, or joins the list (newest first) when the list is
 * `whose` (the buyer's or the seller's e-mail, by `owner`). An older state replayed
 * after a newer one changes nothing.
 */
export function replaceBooking(
  list: List<Booking>,
  booking: Booking,
  owner?: { email: string; of: (booking: Booking) => string },
): List<Booking> {
  if (!list) return list;
  const at = list.findIndex((o) => o._id === booking._id);
  if (at === -1) {
    if (!owner || owner.of(booking) !== owner.email) return list;
    return sortNewestFirst([booking, ...list]);
  }
  const now = list[at];
  if (!now || sameBooking(now, booking) || !isNewer(now, booking)) return list;
  return list.map((o, i) => (i === at ? booking : o));
}

function sortNewestFirst(list: readonly Booking[]): readonly Booking[] {
  return [...list].sort((a, b) => Date.parse(b.orderTime) - Date.parse(a.orderTime));
}

/**
 * A booking holds the bike (`product.reserved`), or no longer does (`product.available`):
 * every copy of the listing `id` (by `_id`, or `advertiseId`/`bookingId` through `idOf`)
 * says so.
 */
export function setReserved<T extends { _id: string; reserved: boolean }>(
  list: List<T>,
  id: string,
  reserved: boolean,
  idOf: (item: T) => string = (item) => item._id,
): List<T> {
  const hits = (x: T) => idOf(x) === id && x.reserved !== reserved;
  if (!list?.some(hits)) return list;
  return produce(list, (draft) => {
    for (const item of draft) if (hits(item as T)) item.reserved = reserved;
  });
}

/**
 * The buyer paid by card (`order.paid`): their card now holds the price until the
 * handover, so the booking is `held` (PAID, with the handover code) and its listing sold.
 */
export function markBookingPaid(list: List<Booking>, id: string): List<Booking> {
  // Only a booking not yet past its reservation moves: a replay after the deal moved on
  // (completed, called off, or an old booking already `paid`) takes nothing back, and
  // applying this again changes nothing.
  const hits = (o: Booking) =>
    o._id === id && (dealStage(o) < 2 || (o.status === 'held' && (!o.paid || o.availability !== 'sold')));
  if (!list?.some(hits)) return list;
  return produce(list, (draft) => {
    for (const booking of draft) {
      if (hits(booking)) {
        // The reservation's deadline is over; the hold's own comes with the booking re-read.
        if (booking.status !== 'held') booking.reservedUntil = null;
        booking.paid = true;
        booking.status = 'held';
        booking.availability = 'sold';
      }
    }
  });
}

/** The bell (`['notifications']`): a new notification goes on top, unread, once. */
export function addNotification(bell: Notifications | undefined, notification: Notification): Notifications | undefined {
  if (!bell || bell.notifications.some((n) => n._id === notification._id)) return bell;
  return {
    unread: bell.unread + (notification.read ? 0 : 1),
    notifications: [notification, ...bell.notifications],
  };
}
