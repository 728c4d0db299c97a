// `GET /api/sellerProducts/{email}` (that seller, or an admin): a seller's own listings,
// newest first, each with its open bookings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { SellerProduct } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getSellerProducts(email: string, signal?: AbortSignal): Promise<SellerProduct[]> {
  return api<SellerProduct[]>(`/sellerProducts/${encodeURIComponent(email)}`, signal ? { signal } : {});
}

/** Cache key `['sellerProducts', email]` (the live module patches it in place). */
export function sellerProductsQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.sellerProductsOf(email),
    queryFn: ({ signal }) => getSellerProducts(email, signal),
    enabled: email !== '',
  });
}

export function useSellerProducts(email: string) {
  return useQuery(sellerProductsQueryOptions(email));
}
