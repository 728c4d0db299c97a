// `GET /api/reportedProducts` (admins): the listings buyers have reported.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Listing } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getReportedListings(signal?: AbortSignal): Promise<Listing[]> {
  return api<Listing[]>('/reportedProducts', signal ? { signal } : {});
}

/** Cache key `['reportedProducts']`; a new report joins it live. */
export function reportedListingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.reportedListings(),
    queryFn: ({ signal }) => getReportedListings(signal),
  });
}

export function useReportedListings() {
  return useQuery(reportedListingsQueryOptions());
}
