// `GET /api/listings?limit=8` (everyone): the newest bikes for sale, for the home page.
// Live events put a new listing on top and flip or drop the others in place.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { SearchResults } from '@/lib/api/types.ts';
import { getAccessToken } from '@/lib/auth/session-store.ts';
import { LATEST_COUNT } from '@/lib/live/search-events.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getLatestListings(signal?: AbortSignal): Promise<SearchResults> {
  return api<SearchResults>(`/listings?limit=${String(LATEST_COUNT)}`, signal ? { signal } : {});
}

/** Cache key `['listings', 'latest', form]`. */
export function latestListingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.latestListings(getAccessToken() ? 'member' : 'public'),
    queryFn: ({ signal }) => getLatestListings(signal),
  });
}

export function useLatestListings() {
  return useQuery(latestListingsQueryOptions());
}
