// `GET /api/allSeller` and `GET /api/allBuyer` (admins): the people tables. One file for
// both: the calls differ only in the role they list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { User } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type ListedRole = 'seller' | 'buyer';

/** Each list's path is also its cache key: allSeller, allBuyer. */
export const userList = { seller: 'allSeller', buyer: 'allBuyer' } as const satisfies Record<ListedRole, string>;

export function getUsers(role: ListedRole, signal?: AbortSignal): Promise<User[]> {
  return api<User[]>(`/${userList[role]}`, signal ? { signal } : {});
}

/** Cache key `['allSeller']` or `['allBuyer']` (the live module patches them in place). */
export function usersQueryOptions(role: ListedRole) {
  return queryOptions({
    queryKey: role === 'seller' ? queryKeys.sellers() : queryKeys.buyers(),
    queryFn: ({ signal }) => getUsers(role, signal),
  });
}

export function useUsers(role: ListedRole) {
  return useQuery(usersQueryOptions(role));
}
