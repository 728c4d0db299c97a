// `GET /api/sellerOrders/{email}` (that seller, or an admin): every booking of the
// seller's bikes, newest first, cancelled ones included.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Booking } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getSellerBookings(sellerEmail: string, signal?: AbortSignal): Promise<Booking[]> {
  return api<Booking[]>(`/sellerOrders/${encodeURIComponent(sellerEmail)}`, signal ? { signal } : {});
}

/** Live events add new bookings to it and change their status in place. */
export function sellerBookingsQueryOptions(sellerEmail: string) {
  return queryOptions({
    queryKey: queryKeys.sellerBookingsOf(sellerEmail),
    queryFn: ({ signal }) => getSellerBookings(sellerEmail, signal),
    enabled: sellerEmail !== '',
  });
}

export function useSellerBookings(sellerEmail: string) {
  return useQuery(sellerBookingsQueryOptions(sellerEmail));
}
