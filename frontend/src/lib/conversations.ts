// The signed-in user's conversations (`GET /api/conversations`), one cached list per
// user that live events keep current; and from it, the offer a buyer may book a bike at
// (docs/conversations.md, "The booking at the offer"), and how many messages about a
// bike wait unread. One bike's conversations are the inbox's page at `bikeMessagesPath`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Conversation } from '@/lib/live/message-events.ts';
import { isHolding, type Offer } from '@/lib/live/offer-events.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The inbox of user `userId`, the latest first (the inbox page reads the same); nothing is read without a user. */
export function conversationsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.conversationsOf(userId),
    queryFn: ({ signal }) => api<Conversation[]>('/conversations', { signal }),
    enabled: userId !== '',
  });
}

/**
 * The buyer `buyerId`'s accepted offer on a listing that still holds: a booking they make
 * now is made at it. Read from their conversation about the listing, in the cached inbox.
 */
export function useAcceptedOffer(productId: string, buyerId: string): Offer | undefined {
  const inbox = useQuery(conversationsQuery(buyerId));
  const offer = inbox.data?.find((c) => c.productId === productId && c.buyerId === buyerId)?.offer;
  return offer?.status === 'accepted' && isHolding(offer) ? offer : undefined;
}

/** The inbox showing one bike's conversations only (a seller's buyers of it). */
export function bikeMessagesPath(productId: string): string {
  return `/dashboard/messages?bike=${encodeURIComponent(productId)}`;
}

/** How many messages about the listing `productId` user `userId` has not read, from their cached inbox. */
export function useUnreadAbout(productId: string, userId: string): number {
  const inbox = useQuery(conversationsQuery(userId));
  return (inbox.data ?? []).reduce((sum, c) => sum + (c.productId === productId ? c.unread : 0), 0);
}

/** The mark on a listing's page address that opens its questions to the seller. */
export const ASK_PARAM = 'ask';

/** A listing's page (`listingPath`) opened ready to ask the seller: Message seller on a card. */
export function askSellerPath(listingPath: string): string {
  return `${listingPath}?${ASK_PARAM}=1`;
}
