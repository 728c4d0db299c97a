// `GET /api/sellerOrders/{email}` (that seller, or an admin): every booking of the
// seller's bikes, newest first, cancelled ones included.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Order } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getSellerOrders(sellerEmail: string, signal?: AbortSignal): Promise<Order[]> {
  return api<Order[]>(`/sellerOrders/${encodeURIComponent(sellerEmail)}`, signal ? { signal } : {});
}

/** Live events add new bookings to it and change their status in place. */
export function sellerOrdersQueryOptions(sellerEmail: string) {
  return queryOptions({
    queryKey: queryKeys.sellerOrdersOf(sellerEmail),
    queryFn: ({ signal }) => getSellerOrders(sellerEmail, signal),
    enabled: sellerEmail !== '',
  });
}

export function useSellerOrders(sellerEmail: string) {
  return useQuery(sellerOrdersQueryOptions(sellerEmail));
}
