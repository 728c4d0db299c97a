// Bargaining in a conversation (docs/conversations.md, "Offers"): the buyer offers an
// amount, the other side accepts, declines or counters. Every answer carries the events
// it recorded (the offer message, the offer's new state), applied as the socket's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client.ts';
import { applyWritten, type SeenEvent } from '@/lib/live/apply-event.ts';
import type { Offer } from '@/lib/live/offer-events.ts';
import type { Message } from '@/features/messages/api/conversations.ts';

export type { Offer };

/** An offer made (or a counter): its message, the open offer, and the events recorded. */
interface Made {
  message: Message;
  offer: Offer;
  events: SeenEvent[];
}

/** An offer answered: its new state, and the events recorded. */
interface Answered {
  offer: Offer;
  events: SeenEvent[];
}

export interface Amount {
  amount: number;
  /** The maker's own id for the offer's message: the same again is the same offer. */
  clientId: string;
}

/** The server's words for an amount it refuses. */
export const OFFER_AN_AMOUNT = 'Offer an amount in taka';
export const BELOW_ASKING = 'An offer must be less than the asking price';

/**
 * An amount as typed ("1,50,000"), or the server's message for it: whole taka above ৳0
 * and below the asking price.
 */
export function readAmount(typed: string, price: number): number | string {
  const digits = typed.replace(/[,\s৳]/g, '');
  if (!/^\d+$/.test(digits) || Number(digits) <= 0) return OFFER_AN_AMOUNT;
  return Number(digits) < price ? Number(digits) : BELOW_ASKING;
}

/** Why the server refused an offer or an answer: its message for the amount, or its own. */
export function refusalOf(error: Error | null): string | undefined {
  if (!error) return undefined;
  return error instanceof ApiError ? (error.fields.amount ?? error.message) : error.message;
}

const offerPath = (id: string) => `/offers/${encodeURIComponent(id)}`;

/** The buyer offers an amount for the bike (again, it replaces their open offer). */
export function useMakeOffer(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (made: Amount) =>
      api<Made>(`/conversations/${encodeURIComponent(conversationId)}/offers`, { method: 'POST', json: made }),
    onSuccess: (made) => {
      applyWritten(queryClient, made);
    },
  });
}

/** The side that did not make an offer accepts or declines it. */
export function useAnswerOffer(offerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      api<Answered>(`${offerPath(offerId)}/${answer}`, { method: 'POST' }),
    onSuccess: (answered) => {
      applyWritten(queryClient, answered);
    },
  });
}

/** The side that did not make an offer answers with an amount of its own: a new open offer. */
export function useCounterOffer(offerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (counter: Amount) => api<Made>(`${offerPath(offerId)}/counter`, { method: 'POST', json: counter }),
    onSuccess: (made) => {
      applyWritten(queryClient, made);
    },
  });
}
