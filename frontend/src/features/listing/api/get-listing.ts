// `GET /api/listings/{id}` (everyone): one listing, sold or not, for its own page.
// Visitors get the public form (no contact details), signed-in readers the full one.
// A listing that is gone is an answer, not a failure: the page says it is no longer
// listed, and the live module turns a cached listing into that when it is deleted.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client.ts';
import type { Listing } from '@/lib/api/types.ts';
import { prefetchLiveQuery } from '@/lib/prefetch-loader.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { currentForm } from '@/lib/listing-form.ts';

/** The listing, or `null` when the server says it is no longer listed (404). */
export async function getListing(id: string, signal?: AbortSignal): Promise<Listing | null> {
  try {
    return await api<Listing>(`/listings/${encodeURIComponent(id)}`, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Cache key `['listing', id, form]`: signing in reads it again, with the seller's contact. */
export function listingQueryOptions(id: string, form = currentForm()) {
  return queryOptions({
    queryKey: queryKeys.listing(id, form),
    queryFn: ({ signal }) => getListing(id, signal),
  });
}

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}

/** The route's loader: prefetches the listing into the cache. */
export function listingLoader(queryClient: QueryClient) {
  return prefetchLiveQuery(queryClient, (id) => listingQueryOptions(id));
}
