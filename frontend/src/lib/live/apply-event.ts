// Folds one live event into the query cache, in place (no refetch). The same function
// applies the events a user's own write answered with (exactly those the write recorded
// that their socket will deliver), so the page is right before, or without, the socket;
// the reducers are idempotent, so the event arriving as well changes nothing.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Advert, Category, ConversationReport, Notifications, Listing, User } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import {
  addAdvert,
  addCategory,
  addNotification,
  addCategoryListing,
  addBooking,
  addReportedConversation,
  addReportedListing,
  addSellerBooking,
  addSellerListing,
  markBookingCancelled,
  markBookingPaid,
  markSellerVerified,
  setSellerRating,
  markUserSuspended,
  markUserVerified,
  removeWhere,
  replaceBooking,
  setAdvertised,
  setReserved,
  setAvailability,
  updateListing,
  AVAILABLE,
  SOLD,
  type LiveEvent,
  type Booking,
} from './live-events.ts';
import { addNewListing, patchListingSearches } from './search-events.ts';
import {
  addMessage,
  addToInbox,
  markConversationRead,
  type Conversation,
  type Message,
  type MessagesRead,
} from './message-events.ts';
import { setConversationOffer, updateOfferMessage, type Offer } from './offer-events.ts';
import { hideMessage, markBlocked, type ConversationBlocked } from './safety-events.ts';
import type { ListingReview, ReportedListing, VerificationRequest } from '@/lib/api/types.ts';
import { isLive } from '@/lib/listing-state.ts';
import { addVerificationRequest, removeVerificationRequest, tellsOfVerification } from './verification-events.ts';
import {
  addListingReview,
  removeListingReview,
  removeSellersReviews,
  setListingState,
} from './listing-review-events.ts';
import { removeReportedListing, removeSellersReportedListings, updateReportedListings } from './report-events.ts';

type List<T> = readonly T[] | undefined;

/** Runs `update` on every cached query under `prefix`; `arg` is the key's second part. */
function patch<T>(
  queryClient: QueryClient,
  prefix: QueryKey,
  update: (old: List<T>, arg: string) => List<T>,
): void {
  for (const [key, old] of queryClient.getQueriesData<readonly T[]>({ queryKey: prefix })) {
    if (!Array.isArray(old)) continue;
    const next = update(old, typeof key[1] === 'string' ? key[1] : '');
    if (next !== old) queryClient.setQueryData(key, next);
  }
}

/** Runs a list reducer on the one record each cached query under `prefix` holds. */
function patchOne<T>(queryClient: QueryClient, prefix: QueryKey, update: (old: List<T>) => List<T>): void {
  for (const [key, old] of queryClient.getQueriesData<T>({ queryKey: prefix })) {
    if (!old) continue;
    const next = update([old])?.[0];
    if (next && next !== old) queryClient.setQueryData(key, next);
  }
}

/** Runs a list reducer on the one booking the payment page holds. */
function patchPaymentBookings(queryClient: QueryClient, update: (old: List<Booking>) => List<Booking>): void {
  patchOne(queryClient, queryKeys.paymentBookings(), update);
}

/** A message: in its open conversation, and first in both sides' inboxes. */
function addLiveMessage(queryClient: QueryClient, message: Message): void {
  patch<Message>(queryClient, queryKeys.messages(), (old, conversationId) => addMessage(old, conversationId, message));
  for (const [key, old] of queryClient.getQueriesData<readonly Conversation[]>({ queryKey: queryKeys.conversations() })) {
    if (!old) continue;
    // A list of one listing's conversations (`conversationsAbout`) holds no other listing's.
    if (typeof key[2] === 'string' && key[2] !== message.productId) continue;
    const next = addToInbox(old, typeof key[1] === 'string' ? key[1] : '', message);
    // A conversation the inbox does not hold yet (a buyer's first message): read it again.
    if (next === undefined) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (next !== old) queryClient.setQueryData(key, next);
  }
  if (message.offer) applyOffer(queryClient, message.offer);
}

/** An offer's state: the message carrying it, and its conversation's latest offer (page and inboxes). */
function applyOffer(queryClient: QueryClient, offer: Offer): void {
  patch<Message>(queryClient, queryKeys.messages(), (old, conversationId) =>
    conversationId === offer.conversationId ? updateOfferMessage(old, offer) : old,
  );
  const inConversations = (old: List<Conversation>) => {
    const next = old?.map((c) => setConversationOffer(c, offer));
    return next?.some((c, i) => c !== old?.[i]) ? next : old;
  };
  patchOne<Conversation>(queryClient, queryKeys.conversationPages(), inConversations);
  patch<Conversation>(queryClient, queryKeys.conversations(), inConversations);
}

/** One side blocked the other, or unblocked: the conversation's page and both sides' inboxes. */
function markLiveBlocked(queryClient: QueryClient, change: ConversationBlocked): void {
  const inConversations = (old: List<Conversation>) => {
    const next = old?.map((c) => markBlocked(c, change) ?? c);
    return next?.some((c, i) => c !== old?.[i]) ? next : old;
  };
  patchOne<Conversation>(queryClient, queryKeys.conversationPages(), inConversations);
  patch<Conversation>(queryClient, queryKeys.conversations(), inConversations);
}

/** A read mark: the conversation's "Seen"; the reader's own unread counts are read again. */
function markLiveRead(queryClient: QueryClient, read: MessagesRead): void {
  patchOne<Conversation>(queryClient, queryKeys.conversationPages(), (old) =>
    old?.map((c) => markConversationRead(c, read) ?? c),
  );
  for (const [key, old] of queryClient.getQueriesData<readonly Conversation[]>({ queryKey: queryKeys.conversations() })) {
    if (!old) continue;
    if (key[1] === read.by) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else {
      const next = old.map((c) => markConversationRead(c, read) ?? c);
      if (next.some((c, i) => c !== old[i])) queryClient.setQueryData(key, next);
    }
  }
}

/** A listing's own page, once the listing is deleted: no longer listed (`null`). */
function markUnlisted(queryClient: QueryClient, id: string): void {
  for (const [key, old] of queryClient.getQueriesData<Listing | null>({ queryKey: queryKeys.listingPages() })) {
    if (old?._id === id) queryClient.setQueryData(key, null);
  }
}

const byId = (x: { _id: string }) => x._id;

/**
 * A listing's state, on the only pages that hold a listing that is not live: its seller's
 * My Products (which gains it if it lacks it) and its own page, as its seller or an admin
 * has it open.
 */
function patchOwnListing(queryClient: QueryClient, listing: Listing): void {
  patch<Listing>(queryClient, queryKeys.sellerListings(), (old, email) =>
    setListingState(addSellerListing(old, email, listing), listing),
  );
  patchOne<Listing>(queryClient, queryKeys.listingPages(), (old) => setListingState(old, listing));
}

/** The admins' queue of listings waiting for review. */
function patchReviews(queryClient: QueryClient, update: (old: List<ListingReview>) => List<ListingReview>): void {
  patch<ListingReview>(queryClient, queryKeys.listingReviews(), update);
}

/** The admins' queue of reported listings, each with its reports. */
function patchReports(
  queryClient: QueryClient,
  update: (old: List<ReportedListing>) => List<ReportedListing>,
): void {
  patch<ReportedListing>(queryClient, queryKeys.reports(), update);
}

/**
 * A seller's listings count their open bookings: a count cannot be patched idempotently
 * (an event applied twice would count twice), so an open list reads it again.
 */
function recountBookings(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.sellerListings() });
}

/** An event a write recorded, as the writer's own socket delivers it (with its `seq`). */
export type SeenEvent = LiveEvent & { seq: number };

/** What every write answers besides the spec's fields: the events it recorded. */
export interface Written {
  events: readonly SeenEvent[];
}

/**
 * Applies a write's answer: the events the user's own write recorded, in order, through
 * the same reducers as the socket's. Nothing is made up in the page and nothing refetched.
 */
export function applyWritten(queryClient: QueryClient, written: Written): void {
  for (const event of written.events) applyLiveEvent(queryClient, event);
}

export function applyLiveEvent(queryClient: QueryClient, live: LiveEvent): void {
  const listings = (update: (old: List<Listing>, arg: string) => List<Listing>) => {
    patch(queryClient, queryKeys.categoryListings(), update);
    patch(queryClient, queryKeys.sellerListings(), update);
    patch(queryClient, queryKeys.reportedListings(), update);
    patchReports(queryClient, (old) => updateReportedListings(old, (listings) => update(listings, '')));
    patch(queryClient, queryKeys.wishlist(), update);
    patchListingSearches(queryClient, (old) => update(old, ''));
    patch(queryClient, queryKeys.relatedListings(), update);
    patchOne<Listing>(queryClient, queryKeys.listingPages(), (old) => update(old, ''));
  };
  switch (live.event) {
    case 'category.created':
      patch<Category>(queryClient, queryKeys.categories(), (old) => addCategory(old, live.data));
      return;
    case 'product.created':
      // A listing approved after review is already on its seller's My Products and its
      // page: it stays once there, and says it is live.
      patchOwnListing(queryClient, live.data);
      // Only a live listing is public: no other ever joins a list anyone may read.
      if (!isLive(live.data)) return;
      patch<Listing>(queryClient, queryKeys.categoryListings(), (old, categoryId) =>
        addCategoryListing(old, categoryId, live.data),
      );
      addNewListing(queryClient, live.data);
      return;
    case 'product.updated':
      // A listing that is not live changes for its seller and admins alone: its seller's
      // My Products and its page, never a public list.
      if (!isLive(live.data)) {
        patch<Listing>(queryClient, queryKeys.sellerListings(), (old) =>
          setListingState(updateListing(old, live.data), live.data),
        );
        patchOne<Listing>(queryClient, queryKeys.listingPages(), (old) =>
          setListingState(updateListing(old, live.data), live.data),
        );
        return;
      }
      listings((old) => updateListing(old, live.data));
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => updateListing(old, live.data, (a) => a.advertiseId));
      patch<Booking>(queryClient, queryKeys.bookings(), (old) => updateListing(old, live.data, (o) => o.bookingId));
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old) => updateListing(old, live.data, (o) => o.bookingId));
      patchPaymentBookings(queryClient, (old) => updateListing(old, live.data, (o) => o.bookingId));
      return;
    case 'product.sold':
      listings((old) => setAvailability(old, live.data._id, SOLD));
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => removeWhere(old, (a) => a.advertiseId, live.data._id));
      patch<Booking>(queryClient, queryKeys.bookings(), (old) => setAvailability(old, live.data._id, SOLD));
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old) => setAvailability(old, live.data._id, SOLD));
      patchPaymentBookings(queryClient, (old) => setAvailability(old, live.data._id, SOLD));
      return;
    case 'product.unsold':
      // The buyer's card could not be charged after all: the bike is for sale again.
      listings((old) => setAvailability(old, live.data._id, AVAILABLE));
      patch<Booking>(queryClient, queryKeys.bookings(), (old) => setAvailability(old, live.data._id, AVAILABLE));
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old) => setAvailability(old, live.data._id, AVAILABLE));
      patchPaymentBookings(queryClient, (old) => setAvailability(old, live.data._id, AVAILABLE));
      // An advert of the bike shows again; the strip's own query knows whether there is one.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adverts() });
      return;
    case 'product.reserved':
    case 'product.available': {
      const reserved = live.event === 'product.reserved';
      const id = live.data._id;
      listings((old) => setReserved(old, id, reserved));
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => setReserved(old, id, reserved, (a) => a.advertiseId));
      patch<Booking>(queryClient, queryKeys.bookings(), (old) => setReserved(old, id, reserved, (o) => o.bookingId));
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old) =>
        setReserved(old, id, reserved, (o) => o.bookingId),
      );
      patchPaymentBookings(queryClient, (old) => setReserved(old, id, reserved, (o) => o.bookingId));
      return;
    }
    case 'product.deleted':
      listings((old) => removeWhere(old, byId, live.data._id));
      markUnlisted(queryClient, live.data._id);
      // The listing is gone, and its bookings with it.
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old) =>
        removeWhere(old, (booking) => booking.bookingId, live.data._id),
      );
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => removeWhere(old, (a) => a.advertiseId, live.data._id));
      // Its seller deleted it while it waited: nothing is left to review.
      patchReviews(queryClient, (old) => removeListingReview(old, live.data._id));
      // Removed by an admin, or by its seller: nothing is left to decide on its reports.
      patchReports(queryClient, (old) => removeReportedListing(old, live.data._id));
      return;
    case 'advert.created':
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => addAdvert(old, live.data));
      patch<Listing>(queryClient, queryKeys.sellerListings(), (old) => setAdvertised(old, live.data.advertiseId, true));
      return;
    case 'advert.removed':
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => removeWhere(old, byId, live.data._id));
      patch<Listing>(queryClient, queryKeys.sellerListings(), (old) =>
        setAdvertised(old, live.data.advertiseId, false),
      );
      return;
    case 'product.reported':
      patch<Listing>(queryClient, queryKeys.reportedListings(), (old) => addReportedListing(old, live.data));
      // The event is the listing alone: how many report it, and why, are read again
      // (a new listing joins the queue, or one there counts one report more).
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports() });
      return;
    case 'report.dismissed':
      // Any admin dismissed its reports: it stays up, and leaves every admin's queue.
      patch<Listing>(queryClient, queryKeys.reportedListings(), (old) => removeWhere(old, byId, live.data._id));
      patchReports(queryClient, (old) => removeReportedListing(old, live.data._id));
      return;
    case 'seller.rated':
      listings((old) => setSellerRating(old, live.data._id, live.data.sellerRating));
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => setSellerRating(old, live.data._id, live.data.sellerRating));
      return;
    case 'seller.verified':
      listings((old) => markSellerVerified(old, live.data._id));
      patch<Advert>(queryClient, queryKeys.adverts(), (old) => markSellerVerified(old, live.data._id));
      patch<User>(queryClient, queryKeys.sellers(), (old) => markUserVerified(old, live.data._id));
      return;
    case 'order.created':
      patch<Booking>(queryClient, queryKeys.bookings(), (old, email) => addBooking(old, email, live.data));
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old, email) => addSellerBooking(old, email, live.data));
      recountBookings(queryClient);
      return;
    case 'order.cancelled':
      patch<Booking>(queryClient, queryKeys.bookings(), (old) => removeWhere(old, byId, live.data._id));
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old) => markBookingCancelled(old, live.data._id));
      recountBookings(queryClient);
      return;
    case 'order.paid':
      patch<Booking>(queryClient, queryKeys.bookings(), (old) => markBookingPaid(old, live.data._id));
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old) => markBookingPaid(old, live.data._id));
      patchPaymentBookings(queryClient, (old) => markBookingPaid(old, live.data._id));
      // The event names the booking only: until when the card or bKash holds the price
      // comes with the `deal.updated` the server sends beside it (the booking as it
      // stands), so nothing is read again here.
      recountBookings(queryClient);
      return;
    case 'deal.updated':
      // The booking as it now stands: reserved for its buyer, ended by the seller or the
      // clock, or a place further up the line. A cancelled one has left the buyer's list.
      patch<Booking>(queryClient, queryKeys.bookings(), (old, email) =>
        live.data.status === 'cancelled'
          ? removeWhere(old, byId, live.data._id)
          : replaceBooking(old, live.data, { email, of: (o) => o.buyerEmail }),
      );
      patch<Booking>(queryClient, queryKeys.sellerBookings(), (old, email) =>
        replaceBooking(old, live.data, { email, of: (o) => o.sellerEmail ?? '' }),
      );
      patchPaymentBookings(queryClient, (old) => replaceBooking(old, live.data));
      recountBookings(queryClient);
      return;
    case 'user.deleted':
      patch<User>(queryClient, queryKeys.sellers(), (old) => removeWhere(old, byId, live.data._id));
      patch<User>(queryClient, queryKeys.buyers(), (old) => removeWhere(old, byId, live.data._id));
      patchReviews(queryClient, (old) => removeSellersReviews(old, live.data._id));
      patchReports(queryClient, (old) => removeSellersReportedListings(old, live.data._id));
      return;
    case 'user.suspended': {
      // Marked at once in whichever table lists them; the admin's reason comes with the
      // table read again. Their listings leave with the `product.deleted` sent beside it.
      const key = live.data.role === 'seller' ? queryKeys.sellers() : queryKeys.buyers();
      patch<User>(queryClient, queryKeys.sellers(), (old) => markUserSuspended(old, live.data._id));
      patch<User>(queryClient, queryKeys.buyers(), (old) => markUserSuspended(old, live.data._id));
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    case 'notification.created':
      queryClient.setQueryData<Notifications>(queryKeys.notifications(), (bell) => addNotification(bell, live.data));
      // An admin decided the seller's request: their Get verified page, and (approved)
      // their account, which now says verified, are read again.
      if (tellsOfVerification(live.data.kind)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.myVerifications() });
        if (live.data.kind === 'verified') void queryClient.invalidateQueries({ queryKey: queryKeys.users() });
      }
      return;
    case 'message.created':
      addLiveMessage(queryClient, live.data);
      return;
    case 'message.read':
      markLiveRead(queryClient, live.data);
      return;
    case 'offer.updated':
      applyOffer(queryClient, live.data.offer);
      return;
    case 'conversation.updated':
      markLiveBlocked(queryClient, { conversationId: live.data.conversationId, blockedBy: live.data.blockedBy ?? null });
      return;
    case 'message.hidden':
      patch<Message>(queryClient, queryKeys.messages(), (old, conversationId) => hideMessage(old, conversationId, live.data));
      return;
    case 'conversation.reported':
      patch<ConversationReport>(queryClient, queryKeys.reportedConversations(), (old) =>
        addReportedConversation(old, live.data),
      );
      return;
    case 'verification.requested':
      patch<VerificationRequest>(queryClient, queryKeys.verificationQueue(), (old) =>
        addVerificationRequest(old, live.data),
      );
      return;
    case 'verification.decided':
      patch<VerificationRequest>(queryClient, queryKeys.verificationQueue(), (old) =>
        removeVerificationRequest(old, live.data._id),
      );
      return;
    case 'listing.review_requested':
      patchReviews(queryClient, (old) => addListingReview(old, live.data));
      return;
    case 'listing.reviewed':
      // Decided by any admin: it leaves every admin's queue, and its seller's pages say
      // whether it is live or why not. An approval's `product.created` follows, for
      // every open page.
      patchReviews(queryClient, (old) => removeListingReview(old, live.data._id));
      patchOwnListing(queryClient, live.data);
      return;
  }
}
