// `GET /api/products/{categoryId}` (everyone): the listings of one category, newest first.
// Visitors get the public form (no contact details), signed-in readers the full one.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Listing } from '@/lib/api/types.ts';
import { currentForm } from '@/lib/listing-form.ts';
import { prefetchLiveQuery } from '@/lib/prefetch-loader.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getCategoryListings(categoryId: string, signal?: AbortSignal): Promise<Listing[]> {
  return api<Listing[]>(`/products/${encodeURIComponent(categoryId)}`, signal ? { signal } : {});
}

/**
 * Cache key `['products', categoryId, form]` (the live module patches every form in
 * place): signing in reads the listings again, with the sellers' contact details.
 */
export function categoryListingsQueryOptions(categoryId: string, form = currentForm()) {
  return queryOptions({
    queryKey: queryKeys.categoryListingsOf(categoryId, form),
    queryFn: ({ signal }) => getCategoryListings(categoryId, signal),
  });
}

export function useCategoryListings(categoryId: string) {
  return useQuery(categoryListingsQueryOptions(categoryId));
}

/** The route's loader: prefetches the listings into the cache. */
export function categoryListingsLoader(queryClient: QueryClient) {
  return prefetchLiveQuery(queryClient, (categoryId) => categoryListingsQueryOptions(categoryId));
}
