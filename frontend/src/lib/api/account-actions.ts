// Warnings and suspensions (docs/trust.md): `POST /api/users/{id}/warn {reason}` tells a
// buyer or seller what they did wrong and changes nothing else; `POST
// /api/users/{id}/suspend {reason}` signs them out for good and takes their unsold bikes
// off the site. Both are the admins', from All Sellers, All Buyers and the queue of
// reported listings, and both go on the audit log.
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type Changed = components['schemas']['Changed'];
type RejectInput = components['schemas']['RejectInput'];

/** Whom an admin warns or suspends, and why. */
export interface AccountAction {
  userId: string;
  reason: string;
}

export function warnUser({ userId, reason }: AccountAction): Promise<Changed> {
  const body: RejectInput = { reason };
  return api<Changed>(`/users/${encodeURIComponent(userId)}/warn`, { method: 'POST', json: body });
}

export function suspendUser({ userId, reason }: AccountAction): Promise<Changed> {
  const body: RejectInput = { reason };
  return api<Changed>(`/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST', json: body });
}

/** Suspended by another admin first, or the account is gone: the tables as they now are. */
function readPeopleAgain(client: QueryClient, error: Error): void {
  if (error instanceof ApiError && (error.reason === 'already_suspended' || error.status === 404)) {
    void client.invalidateQueries({ queryKey: queryKeys.sellers() });
    void client.invalidateQueries({ queryKey: queryKeys.buyers() });
    void client.invalidateQueries({ queryKey: queryKeys.reports() });
  }
}

export function warnUserMutation() {
  return mutationOptions<Changed, Error, AccountAction>({
    mutationFn: warnUser,
    onError: (error, _action, _result, { client }) => {
      readPeopleAgain(client, error);
    },
  });
}

export function suspendUserMutation() {
  return mutationOptions<Changed, Error, AccountAction>({
    mutationFn: suspendUser,
    // The answer's `user.suspended`, and a `product.deleted` for each of their bikes that
    // left the site, so the tables and the queue are right without the socket.
    onSuccess: (changed, _action, _result, { client }) => {
      applyWritten(client, changed);
    },
    onError: (error, _action, _result, { client }) => {
      readPeopleAgain(client, error);
    },
  });
}
