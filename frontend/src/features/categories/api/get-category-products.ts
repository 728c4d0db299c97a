// `GET /api/products/{categoryId}` (signed in): the listings of one category, newest first.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import type { Product } from '../../../lib/api/types.ts';
import { getAccessToken } from '../../../lib/auth/session-store.ts';

export function getCategoryProducts(categoryId: string, signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>(`/products/${encodeURIComponent(categoryId)}`, signal ? { signal } : {});
}

/** Cache key `['products', categoryId]` (the live module patches it in place). */
export function categoryProductsQueryOptions(categoryId: string) {
  return queryOptions({
    queryKey: ['products', categoryId],
    queryFn: ({ signal }) => getCategoryProducts(categoryId, signal),
  });
}

export function useCategoryProducts(categoryId: string) {
  return useQuery(categoryProductsQueryOptions(categoryId));
}

/**
 * The route's loader (spec §2): prefetches the listings into the cache. A signed-out
 * visitor fetches nothing (the guard sends them to /login), and a failed prefetch is
 * left for the page's own query to show, never an error page.
 */
export function categoryProductsLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const categoryId = params.id;
    if (!categoryId || !getAccessToken()) return null;
    try {
      // Cached listings are kept current by live events: use them as they are.
      await queryClient.query({ ...categoryProductsQueryOptions(categoryId), staleTime: 'static' });
    } catch {
      // shown by the page
    }
    return null;
  };
}
