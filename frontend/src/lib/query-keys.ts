// Every query key of the page, in one place. The queries read through these, and the
// live reducers and the updates after a user's own action patch the same keys, so a
// list cannot be cached under one key and patched under another.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Which form of the listings a reader gets: visitors' carries no contact details. */
export type ListingForm = 'public' | 'member';

export const queryKeys = {
  config: () => ['config'] as const,
  /** Profiles, one per e-mail. */
  users: () => ['users'] as const,
  user: (email: string) => ['users', email] as const,
  categories: () => ['categories'] as const,
  /** The brands and districts a listing may name (`GET /api/listings/fields`). */
  listingFields: () => ['listingFields'] as const,
  adverts: () => ['advertise'] as const,
  /** A category's listings, one entry per category and form. */
  categoryListings: () => ['products'] as const,
  categoryListingsOf: (categoryId: string, form: ListingForm) => ['products', categoryId, form] as const,
  /** One listing's page, one entry per listing and form; `null` once it is no longer listed. */
  listingPages: () => ['listing'] as const,
  listing: (id: string, form: ListingForm) => ['listing', id, form] as const,
  /** The listings shown beside one ("more from this seller", "similar bikes"), per listing, kind and form. */
  relatedListings: () => ['relatedListings'] as const,
  relatedListingsOf: (id: string, kind: 'seller' | 'similar', form: ListingForm) =>
    ['relatedListings', id, kind, form] as const,
  /** A seller's own listings, one entry per seller. */
  sellerListings: () => ['sellerProducts'] as const,
  sellerListingsOf: (email: string) => ['sellerProducts', email] as const,
  /** A buyer's bookings, one entry per buyer. */
  bookings: () => ['orders'] as const,
  bookingsOf: (buyerEmail: string) => ['orders', buyerEmail] as const,
  /** The bookings of a seller's bikes, one entry per seller. */
  sellerBookings: () => ['sellerOrders'] as const,
  sellerBookingsOf: (sellerEmail: string) => ['sellerOrders', sellerEmail] as const,
  reportedListings: () => ['reportedProducts'] as const,
  /** The admins' queue of reported listings, each with its open reports: the most reported first. */
  reports: () => ['reports'] as const,
  /** The admins' audit log, newest first: every filter by action ('' for every action), its pages loaded so far. */
  auditLog: () => ['audit'] as const,
  auditLogOf: (action: string) => ['audit', action] as const,
  /** The admin's queue of reported conversations, the latest first. */
  reportedConversations: () => ['reportedConversations'] as const,
  /** A reported conversation's messages as the admin reads them, one entry per conversation. */
  reportedMessages: (conversationId: string) => ['reportedMessages', conversationId] as const,
  /** The people the signed-in user blocked. */
  blocks: () => ['blocks'] as const,
  /** The signed-in buyer's saved bikes. */
  wishlist: () => ['wishlist'] as const,
  /** The signed-in user's bell: the newest notifications and the unread count. */
  notifications: () => ['notifications'] as const,
  sellers: () => ['allSeller'] as const,
  /** The admins' queue of sellers' verification requests waiting for a decision, oldest first. */
  verificationQueue: () => ['verificationRequests'] as const,
  /** The signed-in seller's latest verification request (`null`: none yet), one entry per seller. */
  myVerifications: () => ['myVerification'] as const,
  myVerification: (email: string) => ['myVerification', email] as const,
  /** The admins' queue of listings waiting for review before they are public, oldest first. */
  listingReviews: () => ['listingReviews'] as const,
  buyers: () => ['allBuyer'] as const,
  /** The booking the payment page pays for, one entry per booking. */
  paymentBookings: () => ['paymentOrder'] as const,
  paymentBooking: (bookingId: string) => ['paymentOrder', bookingId] as const,
  /** The ways a booking may be paid, as the server offers them, one entry per booking. */
  paymentMethods: () => ['paymentMethods'] as const,
  paymentMethodsOf: (bookingId: string) => ['paymentMethods', bookingId] as const,
  /** The buyer's handover code of a deal, one entry per booking. */
  handoverCode: (bookingId: string) => ['handoverCode', bookingId] as const,
  /** A completed deal's receipt, one entry per booking. */
  receipt: (bookingId: string) => ['receipt', bookingId] as const,
  /** The card payment started for a booking: created once, never read again. */
  paymentIntent: (bookingId: string) => ['paymentIntent', bookingId] as const,
  /** Searches of every listing (the products page) and the home page's latest bikes. */
  listings: () => ['listings'] as const,
  listingSearches: () => ['listings', 'search'] as const,
  /** One search's pages, by its query string (`searchQueryOf`) and form. */
  listingSearch: (query: string, form: ListingForm) => ['listings', 'search', query, form] as const,
  latestListingLists: () => ['listings', 'latest'] as const,
  latestListings: (form: ListingForm) => ['listings', 'latest', form] as const,
  /** Listings posted since a search was read, by its query string: the "new bikes" pill. */
  newListings: (query: string) => ['newListings', query] as const,
  /** The admin's deals: every list (one per status filter, '' for all) and each deal with its steps. */
  deals: () => ['deals'] as const,
  dealLists: () => ['deals', 'list'] as const,
  dealList: (status: string) => ['deals', 'list', status] as const,
  deal: (id: string) => ['deals', 'one', id] as const,
  /** The signed-in user's inbox, one entry per user id (unread counts are theirs). */
  conversations: () => ['conversations'] as const,
  conversationsOf: (userId: string) => ['conversations', userId] as const,
  /** The signed-in user's conversations about one listing (a seller's "Messages" of a bike). */
  conversationsAbout: (userId: string, productId: string) => ['conversations', userId, productId] as const,
  /** One conversation: its listing, both sides and their read marks. */
  conversationPages: () => ['conversation'] as const,
  conversation: (id: string) => ['conversation', id] as const,
  /** A conversation's messages loaded so far, oldest first, one entry per conversation. */
  messages: () => ['messages'] as const,
  messagesOf: (conversationId: string) => ['messages', conversationId] as const,
} satisfies Record<string, (...args: never[]) => QueryKey>;

/**
 * The data live events change, by key prefix. What the socket missed (a `reset`, or a
 * gap too old to replay) is read again for these and only these: never the site's
 * settings, a profile, or a payment already started.
 */
export const LIVE_DATA: readonly QueryKey[] = [
  queryKeys.categories(),
  queryKeys.adverts(),
  queryKeys.categoryListings(),
  queryKeys.listingPages(),
  queryKeys.relatedListings(),
  queryKeys.sellerListings(),
  queryKeys.bookings(),
  queryKeys.sellerBookings(),
  queryKeys.reportedListings(),
  queryKeys.reports(),
  queryKeys.reportedConversations(),
  queryKeys.wishlist(),
  queryKeys.notifications(),
  queryKeys.sellers(),
  queryKeys.buyers(),
  queryKeys.verificationQueue(),
  queryKeys.myVerifications(),
  queryKeys.listingReviews(),
  queryKeys.paymentBookings(),
  queryKeys.paymentMethods(),
  queryKeys.listings(),
  queryKeys.deals(),
  queryKeys.conversations(),
  queryKeys.conversationPages(),
  queryKeys.messages(),
];

/** Reads again every cached query holding data live events change. */
export function refetchLiveData(queryClient: QueryClient): Promise<void> {
  return queryClient
    .invalidateQueries({ predicate: (query) => LIVE_DATA.some((prefix) => startsWith(query.queryKey, prefix)) })
    .catch(() => undefined);
}

function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, i) => key[i] === part);
}

/**
 * Forgets every cached answer that was read with the user's session: profiles, their
 * bookings and listings, the admin's tables, and listings in the signed-in form (with
 * sellers' contact details). What anyone may read stays: the site's settings, the
 * categories, the adverts and listings in the public form.
 */
export function forgetSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isPublic(query.queryKey) });
}

function isPublic(key: QueryKey): boolean {
  const publicForm: ListingForm = 'public';
  return (
    [queryKeys.config(), queryKeys.categories(), queryKeys.listingFields(), queryKeys.adverts()].some((prefix) =>
      startsWith(key, prefix),
    ) ||
    (startsWith(key, queryKeys.categoryListings()) && key[2] === publicForm) ||
    (startsWith(key, queryKeys.listings()) && key.at(-1) === publicForm) ||
    (startsWith(key, queryKeys.listingPages()) && key[2] === publicForm) ||
    (startsWith(key, queryKeys.relatedListings()) && key[3] === publicForm)
  );
}
