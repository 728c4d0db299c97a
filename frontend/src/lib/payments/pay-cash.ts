// `POST /api/orders/{id}/cash` (the buyer holding the bike): they will pay the seller in
// cash at the meet-up, and nothing is charged now. Chosen on My Orders or on the payment
// page; the answer's events go through the live reducers, and a refusal saying the
// booking moved on meanwhile, or that cash is not offered for it (404, 409), has the
// booking lists and the payment page's offer read again.
import { mutationOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { Booking } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];

export function payCashMutation() {
  return mutationOptions<Changed, Error, Booking>({
    mutationFn: (booking) => api<Changed>(`/orders/${encodeURIComponent(booking._id)}/cash`, { method: 'POST', json: {} }),
    onSuccess: (changed, _input, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _input, _result, { client }) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void client.invalidateQueries({ queryKey: queryKeys.bookings() });
        void client.invalidateQueries({ queryKey: queryKeys.sellerBookings() });
        void client.invalidateQueries({ queryKey: queryKeys.paymentBookings() });
        void client.invalidateQueries({ queryKey: queryKeys.paymentMethods() });
      }
    },
  });
}
