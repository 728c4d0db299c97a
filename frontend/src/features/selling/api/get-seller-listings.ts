// `GET /api/sellerProducts/{email}` (that seller, or an admin): a seller's own listings,
// newest first, each with its open bookings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { SellerListing } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getSellerListings(email: string, signal?: AbortSignal): Promise<SellerListing[]> {
  return api<SellerListing[]>(`/sellerProducts/${encodeURIComponent(email)}`, signal ? { signal } : {});
}

/** Cache key `['sellerProducts', email]` (the live module patches it in place). */
export function sellerListingsQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.sellerListingsOf(email),
    queryFn: ({ signal }) => getSellerListings(email, signal),
    enabled: email !== '',
  });
}

export function useSellerListings(email: string) {
  return useQuery(sellerListingsQueryOptions(email));
}
