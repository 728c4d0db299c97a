// `DELETE /api/allSeller/{id}` and `DELETE /api/allBuyer/{id}` (admins): removes a user
// with what depends on them.
import { mutationOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { User } from '@/lib/api/types.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { userList, type ListedRole } from './get-users.ts';

type Changed = components['schemas']['Changed'];

export function deleteUser(role: ListedRole, id: string): Promise<Changed> {
  return api<Changed>(`/${userList[role]}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function deleteUserMutation(role: ListedRole) {
  return mutationOptions<Changed, Error, User>({
    mutationFn: (user) => deleteUser(role, user._id),
    // The answer's `user.deleted`, so the table is right without the socket; the event
    // arriving as well changes nothing more.
    onSuccess: (changed, _user, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _user, _result, { client }) => {
      // Someone else deleted them first: show the table as it is now.
      if (error instanceof ApiError && error.status === 404) {
        void client.invalidateQueries({ queryKey: role === 'seller' ? queryKeys.sellers() : queryKeys.buyers() });
      }
    },
  });
}
