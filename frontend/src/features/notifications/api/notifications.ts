// The bell: `GET /api/notifications` (the newest and the unread count) and
// `POST /api/notifications/read` ({ids} or {all: true}). New ones arrive live as
// `notification.created`, which the live module adds to the same cache entry.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { produce } from 'immer';
import { api } from '@/lib/api-client.ts';
import type { MarkedRead, Notifications } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getNotifications(signal?: AbortSignal): Promise<Notifications> {
  return api<Notifications>('/notifications', signal ? { signal } : {});
}

/** The signed-in user's bell; nothing is read for a visitor. */
export function useNotifications(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications(),
    queryFn: ({ signal }) => getNotifications(signal),
    enabled: signedIn,
  });
}

/** Which to mark read: some by id, or all. */
export type MarkRead = { ids: string[] } | { all: true };

export function markRead(which: MarkRead): Promise<MarkedRead> {
  return api<MarkedRead>('/notifications/read', { method: 'POST', json: which });
}

/** Marks `which` read in the cached bell, keeping the server's unread count once known. */
function markCached(queryClient: QueryClient, which: MarkRead, unread?: number): void {
  queryClient.setQueryData<Notifications>(queryKeys.notifications(), (bell) => {
    if (!bell) return bell;
    const hits = (id: string) => ('all' in which ? true : which.ids.includes(id));
    return produce(bell, (draft) => {
      let marked = 0;
      for (const notification of draft.notifications) {
        if (!notification.read && hits(notification._id)) {
          notification.read = true;
          marked += 1;
        }
      }
      // The list holds the newest only: the count of all unread comes from the server.
      draft.unread = unread ?? ('all' in which ? 0 : Math.max(0, draft.unread - marked));
    });
  });
}

/** Marks read at once on the page, then on the server; the server's count wins. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (which) => {
      markCached(queryClient, which);
    },
    onSuccess: (answer, which) => {
      markCached(queryClient, which, answer.unread);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
  });
}
