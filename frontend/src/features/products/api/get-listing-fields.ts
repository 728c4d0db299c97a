// `GET /api/listings/fields` (no auth): the brands ("Other" last) and the 64 districts a
// listing may name, for the product form's selects. They change only with a new server.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ListingFields } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getListingFields(signal?: AbortSignal): Promise<ListingFields> {
  return api<ListingFields>('/listings/fields', { token: null, ...(signal ? { signal } : {}) });
}

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
