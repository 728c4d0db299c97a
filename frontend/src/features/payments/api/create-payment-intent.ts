// `POST /api/create-payment-intent` {the order} (its buyer): the client secret the card
// is confirmed with, and which card provider ("test" or "stripe") takes it. The server
// computes the amount from its own records; 409 when the booking is paid, cancelled or
// its bike already sold.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Booking, PaymentIntent } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function createPaymentIntent(booking: Booking): Promise<PaymentIntent> {
  return api<PaymentIntent>('/create-payment-intent', { method: 'POST', json: booking });
}

/**
 * A query rather than a mutation: the page needs one intent as soon as it opens, exactly
 * once however often it renders. Never refetched; forgotten when the page closes, so a
 * later visit starts afresh.
 */
export function paymentIntentQueryOptions(booking: Booking) {
  return queryOptions({
    queryKey: queryKeys.paymentIntent(booking._id),
    queryFn: () => createPaymentIntent(booking),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePaymentIntent(booking: Booking, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(booking), enabled });
}
