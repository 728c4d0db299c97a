// `GET /api/orders/{id}/methods` (the booking's buyer): the ways this booking may be paid,
// as the server offers them. Always cash, card and bKash, in that order: each offered or
// not (with the reason), what it holds now and what is paid in cash at the handover, in
// taka, and sometimes one more line for the buyer. The price and the deposit ride along
// (the deposit is null when the listing asked none).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type MethodsOffer = components['schemas']['PayWaysView'];
export type MethodChoice = components['schemas']['ChoiceView'];

/** The ways the server names (`method`), in the order the page shows them. */
export type Method = 'bkash' | 'card' | 'cash';

export function getPaymentMethods(bookingId: string, signal?: AbortSignal): Promise<MethodsOffer> {
  return api<MethodsOffer>(`/orders/${encodeURIComponent(bookingId)}/methods`, signal ? { signal } : {});
}

export function paymentMethodsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.paymentMethodsOf(bookingId),
    queryFn: ({ signal }) => getPaymentMethods(bookingId, signal),
    // Long enough that the page does not fetch again what its loader just fetched.
    staleTime: 10_000,
  });
}

export function usePaymentMethods(bookingId: string) {
  return useQuery(paymentMethodsQueryOptions(bookingId));
}
