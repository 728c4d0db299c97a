// `GET /api/categories` (no auth): the bike categories shown on the home page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Category } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api<Category[]>('/categories', { token: null, ...(signal ? { signal } : {}) });
}

/** Cache key `categories`. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
