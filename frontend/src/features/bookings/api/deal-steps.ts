// The steps of a deal after the reservation (docs/deals.md): the buyer chooses cash
// (`POST /api/orders/{id}/cash`), the seller enters the buyer's handover code
// (`/handover` {code}), either side calls the deal off (`/call-off` {reason}, through the
// answer dialog). Each answer's events go through the live reducers: no list is read again.
// The buyer reads their code (`GET /handover-code`) and asks for a new one once locked.
import { mutationOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Booking, HandoverCode } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { rereadWhenStale } from './meeting.ts';

type Changed = components['schemas']['Changed'];


const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

function written<TInput>(call: (input: TInput) => Promise<Changed>) {
  return mutationOptions<Changed, Error, TInput>({
    mutationFn: call,
    onSuccess: (changed, _input, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _input, _result, { client }) => {
      rereadWhenStale(client, error);
    },
  });
}

/** The buyer will pay the seller in cash at the meet-up (shared with the payment page). */
export { payCashMutation } from '@/lib/payments/pay-cash.ts';

/** The seller enters the buyer's code with the bike and its papers in front of them: the sale is done. */
export function handoverMutation() {
  return written<{ booking: Booking; code: string }>(({ booking, code }) =>
    api<Changed>(`${orderPath(booking._id)}/handover`, { method: 'POST', json: { code } }),
  );
}

export function handoverCodeQuery(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.handoverCode(bookingId),
    queryFn: ({ signal }) => api<HandoverCode>(`${orderPath(bookingId)}/handover-code`, { signal }),
    // Read afresh each time it is shown, never from a cache: the seller's wrong tries may
    // have locked it meanwhile, and a stale unlocked code must not show even for a moment.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useHandoverCode(bookingId: string) {
  return useQuery(handoverCodeQuery(bookingId));
}

/** A new code, replacing one the seller's wrong tries locked. */
export function newHandoverCodeMutation() {
  return mutationOptions<HandoverCode, Error, string>({
    mutationFn: (bookingId) => api<HandoverCode>(`${orderPath(bookingId)}/handover-code`, { method: 'POST', json: {} }),
    onSuccess: (code, bookingId, _result, { client }) => {
      client.setQueryData(queryKeys.handoverCode(bookingId), code);
    },
  });
}
