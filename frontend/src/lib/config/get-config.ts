// `GET /api/config` (no auth): which sign-in and card providers this server uses, with
// their public keys. Fixed while the server runs, so it is fetched once per page load.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import type { components } from '../api/schema.d.ts';

export type SiteConfig = components['schemas']['SiteConfig'];
export type GoogleSignInConfig = components['schemas']['GoogleSignIn'];

export function getConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return api<SiteConfig>('/config', { token: null, ...(signal ? { signal } : {}) });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
