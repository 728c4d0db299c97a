// `GET /api/paymentOrders/{id}` (the booking's buyer): the booking the payment page pays for.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { api } from '@/lib/api-client.ts';
import type { Order } from '@/lib/api/types.ts';
import { getAccessToken } from '@/lib/auth/session-store.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getPaymentOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`/paymentOrders/${encodeURIComponent(orderId)}`, signal ? { signal } : {});
}

export function paymentOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.paymentOrder(orderId),
    queryFn: ({ signal }) => getPaymentOrder(orderId, signal),
    // Long enough that the page does not fetch again what its loader just fetched.
    staleTime: 10_000,
  });
}

export function usePaymentOrder(orderId: string) {
  return useQuery(paymentOrderQueryOptions(orderId));
}

/**
 * The route's loader (the route, not the page, loads the booking): prefetches the
 * booking into the cache. Signed out, nothing is fetched (the guard sends the visitor to
 * /login).
 */
export function paymentOrderLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const orderId = params.id;
    if (!orderId || !getAccessToken()) return null;
    // A failure is the page's own query's to show, not an error page.
    await queryClient.query(paymentOrderQueryOptions(orderId)).catch(() => undefined);
    return null;
  };
}
