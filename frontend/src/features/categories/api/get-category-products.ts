// `GET /api/products/{categoryId}` (everyone): the listings of one category, newest first.
// Visitors get the public form (no contact details), signed-in readers the full one.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Product } from '@/lib/api/types.ts';
import { currentForm } from '@/lib/listing-form.ts';
import { prefetchLiveQuery } from '@/lib/prefetch-loader.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getCategoryProducts(categoryId: string, signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>(`/products/${encodeURIComponent(categoryId)}`, signal ? { signal } : {});
}

/**
 * Cache key `['products', categoryId, form]` (the live module patches every form in
 * place): signing in reads the listings again, with the sellers' contact details.
 */
export function categoryProductsQueryOptions(categoryId: string, form = currentForm()) {
  return queryOptions({
    queryKey: queryKeys.categoryProductsOf(categoryId, form),
    queryFn: ({ signal }) => getCategoryProducts(categoryId, signal),
  });
}

export function useCategoryProducts(categoryId: string) {
  return useQuery(categoryProductsQueryOptions(categoryId));
}

/** The route's loader: prefetches the listings into the cache. */
export function categoryProductsLoader(queryClient: QueryClient) {
  return prefetchLiveQuery(queryClient, (categoryId) => categoryProductsQueryOptions(categoryId));
}
