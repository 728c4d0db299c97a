// `GET /api/users/{email}`: a user's profile; the page reads `role` from it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { User } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getUser(email: string, signal?: AbortSignal): Promise<User> {
  return api<User>(`/users/${encodeURIComponent(email)}`, signal ? { signal } : {});
}

/** Cache key `users`, one entry per e-mail. */
export function userQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.user(email),
    queryFn: ({ signal }) => getUser(email, signal),
  });
}

export function useUser(email: string | null) {
  return useQuery({ ...userQueryOptions(email ?? ''), enabled: email !== null });
}
