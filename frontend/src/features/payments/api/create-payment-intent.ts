// `POST /api/create-payment-intent` {the order} (its buyer): the client secret the card
// is confirmed with, and which card provider ("test" or "stripe") takes it. The server
// computes the amount from its own records; 409 when the booking is paid, cancelled or
// its bike already sold.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Order, PaymentIntent } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function createPaymentIntent(order: Order): Promise<PaymentIntent> {
  return api<PaymentIntent>('/create-payment-intent', { method: 'POST', json: order });
}

/**
 * A query rather than a mutation: the page needs one intent as soon as it opens, exactly
 * once however often it renders. Never refetched; forgotten when the page closes, so a
 * later visit starts afresh.
 */
export function paymentIntentQueryOptions(order: Order) {
  return queryOptions({
    queryKey: queryKeys.paymentIntent(order._id),
    queryFn: () => createPaymentIntent(order),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePaymentIntent(order: Order, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(order), enabled });
}
