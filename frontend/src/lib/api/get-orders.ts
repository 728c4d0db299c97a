// `GET /api/orders/{email}` (that buyer, or an admin): a buyer's bookings, newest first.
// Shared: My Orders lists them, and the listing cards say which bikes the buyer booked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type Order = components['schemas']['BookingView'];

export function getOrders(buyerEmail: string, signal?: AbortSignal): Promise<Order[]> {
  return api<Order[]>(`/orders/${encodeURIComponent(buyerEmail)}`, signal ? { signal } : {});
}

/** Cache key `['orders', buyerEmail]`; the live module patches it in place. */
export function ordersQueryOptions(buyerEmail: string) {
  return queryOptions({
    queryKey: queryKeys.ordersOf(buyerEmail),
    queryFn: ({ signal }) => getOrders(buyerEmail, signal),
    enabled: buyerEmail !== '',
  });
}

export function useOrders(buyerEmail: string) {
  return useQuery(ordersQueryOptions(buyerEmail));
}
