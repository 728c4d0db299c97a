// `GET /api/orders/{email}` (that buyer, or an admin): a buyer's bookings, newest first.
// Shared: My Orders lists them, and the listing cards say which bikes the buyer booked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type Booking = components['schemas']['BookingView'];

export function getBookings(buyerEmail: string, signal?: AbortSignal): Promise<Booking[]> {
  return api<Booking[]>(`/orders/${encodeURIComponent(buyerEmail)}`, signal ? { signal } : {});
}

/** Cache key `['orders', buyerEmail]`; the live module patches it in place. */
export function bookingsQueryOptions(buyerEmail: string) {
  return queryOptions({
    queryKey: queryKeys.bookingsOf(buyerEmail),
    queryFn: ({ signal }) => getBookings(buyerEmail, signal),
    enabled: buyerEmail !== '',
  });
}

export function useBookings(buyerEmail: string) {
  return useQuery(bookingsQueryOptions(buyerEmail));
}
