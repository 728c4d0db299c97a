// `GET /api/listings` (everyone; visitors get the public form): one search of every
// listing, a page at a time (docs/search.md). The products page reads it as an infinite
// query; live events patch its pages in place (`lib/live/search-events.ts`).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { SearchResults } from '@/lib/api/types.ts';
import { getAccessToken } from '@/lib/auth/session-store.ts';
import { markNewListingsSeen, type NewListings } from '@/lib/live/search-events.ts';
import { queryKeys, type ListingForm } from '@/lib/query-keys.ts';

/** Bikes a page: two screens of cards on a phone, a few rows on a laptop. */
export const PAGE_SIZE = 12;

export function searchListings(query: string, cursor: string | null, signal?: AbortSignal): Promise<SearchResults> {
  const params = new URLSearchParams(query);
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api<SearchResults>(`/listings?${params.toString()}`, signal ? { signal } : {});
}

/** Which form of the listings this browser reads: it has an access token or not. */
function currentForm(): ListingForm {
  return getAccessToken() ? 'member' : 'public';
}

/**
 * Cache key `['listings', 'search', query, form]`, `query` being the search's query
 * string (`searchQueryOf`). Reading the first page again counts every new listing
 * announced so far as seen: the fresh read holds them.
 */
export function listingSearchQueryOptions(query: string, form = currentForm()) {
  return infiniteQueryOptions({
    queryKey: queryKeys.listingSearch(query, form),
    queryFn: ({ pageParam, signal, client }) => {
      if (pageParam === null) {
        client.setQueryData<NewListings>(queryKeys.newListings(query), (state) => markNewListingsSeen(state));
      }
      return searchListings(query, pageParam, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    // Live events keep the pages current and announce new bikes: coming back to the tab
    // must not read every page again and move the cards under the reader's thumb.
    refetchOnWindowFocus: false,
  });
}

export function useListingSearch(query: string) {
  return useInfiniteQuery(listingSearchQueryOptions(query));
}
