// `GET /api/paymentOrders/{id}` (the booking's buyer): the booking the payment page pays for.
// The route's loader reads it together with the ways it may be paid.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { api } from '@/lib/api-client.ts';
import type { Booking } from '@/lib/api/types.ts';
import { getAccessToken } from '@/lib/auth/session-store.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { paymentMethodsQueryOptions } from './get-payment-methods.ts';

export function getPaymentBooking(bookingId: string, signal?: AbortSignal): Promise<Booking> {
  return api<Booking>(`/paymentOrders/${encodeURIComponent(bookingId)}`, signal ? { signal } : {});
}

export function paymentBookingQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.paymentBooking(bookingId),
    queryFn: ({ signal }) => getPaymentBooking(bookingId, signal),
    // Long enough that the page does not fetch again what its loader just fetched.
    staleTime: 10_000,
  });
}

export function usePaymentBooking(bookingId: string) {
  return useQuery(paymentBookingQueryOptions(bookingId));
}

/**
 * The route's loader (the route, not the page, loads the booking): prefetches the
 * booking and the ways to pay it into the cache, side by side. Signed out, nothing is
 * fetched (the guard sends the visitor to /login).
 */
export function paymentBookingLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const bookingId = params.id;
    if (!bookingId || !getAccessToken()) return null;
    // A failure is the page's own queries' to show, not an error page.
    await Promise.all([
      queryClient.query(paymentBookingQueryOptions(bookingId)).catch(() => undefined),
      queryClient.query(paymentMethodsQueryOptions(bookingId)).catch(() => undefined),
    ]);
    return null;
  };
}
