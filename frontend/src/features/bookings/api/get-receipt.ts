// `GET /api/orders/{id}/receipt` (the buyer, the seller or an admin; completed deals only):
// what was sold, to whom, for how much and how (with a deposit: what the card or bKash
// took, and what was paid in cash at the handover), kept for both sides' records.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Receipt } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type { Receipt };

export function receiptQuery(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.receipt(bookingId),
    queryFn: ({ signal }) => api<Receipt>(`/orders/${encodeURIComponent(bookingId)}/receipt`, { signal }),
    // A receipt never changes once the deal is done.
    staleTime: Infinity,
  });
}

export function useReceipt(bookingId: string) {
  return useQuery(receiptQuery(bookingId));
}
