// `GET /api/config` (no auth): which sign-in and card providers this server uses, with
// their public keys. Fixed while the server runs, so it is fetched once per page load.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type SiteConfig = components['schemas']['SiteConfig'];
export type FirebaseConfig = components['schemas']['FirebaseSignIn'];

export function getConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return api<SiteConfig>('/config', { token: null, ...(signal ? { signal } : {}) });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.config(),
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}

/**
 * Firebase's settings when Firebase signs people in on this site, else null. Without an
 * answer from the server, null: the built-in provider is asked, which refuses new
 * accounts with a clear message while Firebase is on and still signs in its own.
 */
export async function firebaseSettings(queryClient: QueryClient): Promise<FirebaseConfig | null> {
  try {
    return (await queryClient.query(configQueryOptions())).signIn.firebase ?? null;
  } catch {
    return null;
  }
}
