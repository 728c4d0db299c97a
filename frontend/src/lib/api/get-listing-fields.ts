// `GET /api/listings/fields` (everyone): the brands ("Other" last) and the 64 districts a
// listing may name, for the search's filters and the listing form's selects. They change
// with a new release, not while a page is open.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ListingFields } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getListingFields(signal?: AbortSignal): Promise<ListingFields> {
  return api<ListingFields>('/listings/fields', { token: null, ...(signal ? { signal } : {}) });
}

/** Cache key `listingFields`, read once per visit. */
export function listingFieldsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.listingFields(),
    queryFn: ({ signal }) => getListingFields(signal),
    staleTime: Infinity,
  });
}

export function useListingFields() {
  return useQuery(listingFieldsQueryOptions());
}
