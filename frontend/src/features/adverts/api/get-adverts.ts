// `GET /api/advertise` (no auth): the adverts of the home page's Advertisement Area.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Advert } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getAdverts(signal?: AbortSignal): Promise<Advert[]> {
  return api<Advert[]>('/advertise', { token: null, ...(signal ? { signal } : {}) });
}

/** Cache key `advertise`, the endpoint's name. */
export function advertsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.adverts(),
    queryFn: ({ signal }) => getAdverts(signal),
  });
}

export function useAdverts() {
  return useQuery(advertsQueryOptions());
}
