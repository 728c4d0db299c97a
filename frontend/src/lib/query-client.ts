// The query cache's defaults (docs/product.md, 'Constants'): 3 retries, exponential backoff capped at 30 s,
// unused data kept 5 minutes.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;
const CACHE_TIME_MS = 5 * 60_000;

/** A client error (bad request, not allowed, not found) will not change by retrying. */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isWorthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
        gcTime: CACHE_TIME_MS,
      },
    },
  });
}
