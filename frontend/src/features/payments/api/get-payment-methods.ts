// `GET /api/orders/{id}/methods` (the booking's buyer): the ways this booking may be paid,
// as the server offers them. Always cash, card and bKash, in that order: each offered or
// not (with the reason), what it holds now and what is paid in cash at the handover, in
// taka, and sometimes one more line for the buyer. The price and the deposit ride along
// (the deposit is null when the listing asked none).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type Method = 'cash' | 'card' | 'bkash';

export interface MethodChoice {
  method: Method;
  offered: boolean;
  /** Held now by the card or bKash (0 for cash). */
  hold: number;
  /** Paid in person at the handover. */
  atHandover: number;
  /** Why it is not offered; only when it is not. */
  reason?: string | null;
  note?: string | null;
}

export interface MethodsOffer {
  price: number;
  deposit: number | null;
  methods: MethodChoice[];
}

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
