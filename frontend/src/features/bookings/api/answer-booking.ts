// `POST /api/orders/{id}/decline` and `/release` {reason} (the bike's seller, or an admin):
// the seller turns down a booking waiting in line, or lets a reservation go, and says why;
// `/call-off` {reason} (either side): a cash deal is called off before the handover.
// The answer's events (`deal.updated`, and `product.available` or the next buyer's
// reservation) go through the live reducers, so My Buyers is right without the socket.
import { mutationOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Booking } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];

/** What the seller does with a booking (decline one in line, release one that holds the bike), or either side with a deal (call it off). */
export type BookingAnswer = 'decline' | 'release' | 'call-off';

export interface AnswerInput {
  booking: Booking;
  reason: string;
}

export function answerBooking(answer: BookingAnswer, id: string, reason: string): Promise<Changed> {
  return api<Changed>(`/orders/${encodeURIComponent(id)}/${answer}`, { method: 'POST', json: { reason } });
}

export function answerBookingMutation(answer: BookingAnswer) {
  return mutationOptions<Changed, Error, AnswerInput>({
    mutationFn: ({ booking, reason }) => answerBooking(answer, booking._id, reason),
    onSuccess: (changed, _input, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _input, _result, { client }) => {
      // Paid, cancelled or passed on meanwhile: show the bookings as they are now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void client.invalidateQueries({ queryKey: queryKeys.sellerBookings() });
        void client.invalidateQueries({ queryKey: queryKeys.bookings() });
      }
    },
  });
}
