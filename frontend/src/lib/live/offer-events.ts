// Offers in a conversation (docs/conversations.md, "Offers"): their shape as the server
// sends them, and what an offer's new state changes: the message carrying it and the
// conversation's latest offer. As with messages, a reducer answers the same value when
// nothing changes, and a state replayed after a later one changes nothing.
import { isAfter } from './record-ids.ts';

/** Where an offer stands. */
export type OfferStatus = 'open' | 'accepted' | 'declined' | 'countered' | 'replaced' | 'booked' | 'lapsed';

/**
 * An offer: an amount in taka, made by the buyer or (a counter) the seller. `by` and
 * `status` are plain strings on the wire; what they hold is "buyer" or "seller" and an
 * `OfferStatus`.
 */
export interface Offer {
  _id: string;
  conversationId: string;
  productId: string;
  amount: number;
  by: string;
  status: string;
  madeAt: string;
  /** When an open offer lapses; for an accepted one, until when the buyer can book at it. */
  expiresAt: string;
  answeredAt?: string | null;
}

/** What a message carries when it is an offer (its text and photo are then null). */
export interface OfferMessage {
  offer?: Offer | null;
}

/** What a conversation says of its bike's price: the latest offer in it, the asking price, fixed or not. */
export interface ConversationTerms {
  offer?: Offer | null;
  price: number;
  negotiable: boolean;
}

/** `offer.updated`: an offer was answered (accepted, declined, countered), booked or lapsed. */
export interface OfferUpdated {
  event: 'offer.updated';
  data: { offer: Offer };
}

/** How far along an offer is: a state only gives way to one further along. */
const STAGE: Readonly<Record<string, number | undefined>> = {
  open: 0,
  accepted: 1,
  declined: 2,
  countered: 2,
  replaced: 2,
  booked: 2,
  lapsed: 2,
};

/** Whether `next` is the offer `now` further along (an older state replayed is not). */
export function isLater(now: Offer, next: Offer): boolean {
  return now._id === next._id && (STAGE[next.status] ?? 0) > (STAGE[now.status] ?? 0);
}

/** Whether an open offer can still be answered, or an accepted one booked at, at `now`. */
export function isHolding(offer: Offer, now = Date.now()): boolean {
  return (offer.status === 'open' || offer.status === 'accepted') && Date.parse(offer.expiresAt) > now;
}

/** The messages of the offer's conversation: the one carrying it shows its new state. */
export function updateOfferMessage<M extends OfferMessage>(old: readonly M[] | undefined, offer: Offer): readonly M[] | undefined {
  if (!old?.some((m) => m.offer && isLater(m.offer, offer))) return old;
  return old.map((m) => (m.offer && isLater(m.offer, offer) ? { ...m, offer } : m));
}

/**
 * A conversation's latest offer: a newer offer takes its place (a new one, or a counter),
 * the same one further along replaces it; anything else leaves the conversation as it was.
 */
export function setConversationOffer<C extends ConversationTerms & { _id: string }>(old: C, offer: Offer): C {
  if (old._id !== offer.conversationId) return old;
  const now = old.offer;
  if (!now) return { ...old, offer };
  const [made, was] = [Date.parse(offer.madeAt), Date.parse(now.madeAt)];
  const newer = now._id !== offer._id && (made > was || (made === was && isAfter(offer._id, now._id)));
  return newer || isLater(now, offer) ? { ...old, offer } : old;
}
