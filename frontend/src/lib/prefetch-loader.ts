// Route loaders that prefetch a page's data into the query cache while its chunk loads.
import type { QueryExecuteOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * A loader that reads the query `optionsFor(params.id)` into the cache. Data the live
 * module keeps current is used as cached, however old; a failed read is left for the
 * page's own query to show, never an error page.
 */
export function prefetchLiveQuery<T, K extends QueryKey>(
  queryClient: QueryClient,
  optionsFor: (id: string) => QueryExecuteOptions<T, Error, T, T, K>,
) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = params.id;
    if (!id) return null;
    await queryClient.query({ ...optionsFor(id), staleTime: 'static' }).catch(() => undefined);
    return null;
  };
}
