// `DELETE /api/orders/{id}` (the booking's buyer): cancels an unpaid booking.
import { mutationOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import type { Booking } from '@/lib/api/get-bookings.ts';

type Changed = components['schemas']['Changed'];

export function cancelBooking(id: string): Promise<Changed> {
  return api<Changed>(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function cancelBookingMutation() {
  return mutationOptions<Changed, Error, Booking>({
    mutationFn: (booking) => cancelBooking(booking._id),
    // The answer's `order.cancelled`, so the table is right without the socket; the
    // event arriving as well changes nothing more.
    onSuccess: (changed, _booking, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _booking, _result, { client }) => {
      // Paid or cancelled meanwhile (another tab): show the bookings as they are now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void client.invalidateQueries({ queryKey: queryKeys.bookings() });
      }
    },
  });
}
