// `GET /api/reportedProducts` (admins): the listings buyers have reported.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Product } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getReportedProducts(signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>('/reportedProducts', signal ? { signal } : {});
}

/** Cache key `reportedProducts`; a new report joins it live. */
export function reportedProductsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.reportedProducts(),
    queryFn: ({ signal }) => getReportedProducts(signal),
  });
}

export function useReportedProducts() {
  return useQuery(reportedProductsQueryOptions());
}
