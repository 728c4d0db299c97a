// `GET /api/categories` (no auth), for the search's category filter and the listing form's
// category select. The same call and cache key as the home page's list, so all share one
// cached copy.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Category } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getCategoryOptions(signal?: AbortSignal): Promise<Category[]> {
  return api<Category[]>('/categories', { token: null, ...(signal ? { signal } : {}) });
}

/** Cache key `categories`; live events add new categories to it. */
export function categoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories(),
    queryFn: ({ signal }) => getCategoryOptions(signal),
  });
}

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}
