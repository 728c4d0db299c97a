// The people the signed-in user blocked (docs/conversations.md, "Safety"), and unblocking
// one: the answer's events reach their conversations as the socket's would.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { BlockedPerson, Unblocked } from '@/lib/api/types.ts';
import { applyWritten, type Written } from '@/lib/live/apply-event.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type { BlockedPerson };

/** Whom the answer unblocked, and the events it recorded, as the socket delivers them. */
type UnblockAnswer = Omit<Unblocked, 'events'> & Written;

/** `GET /api/blocks`: whom the reader blocked. */
export function useBlockedPeople() {
  return useQuery({
    queryKey: queryKeys.blocks(),
    queryFn: ({ signal }) => api<BlockedPerson[]>('/blocks', { signal }),
  });
}

/** Unblocks `userId`: their row leaves the list, and conversations with them open again. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<UnblockAnswer>(`/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (unblocked) => {
      applyWritten(queryClient, unblocked);
      queryClient.setQueryData<BlockedPerson[]>(queryKeys.blocks(), (people) =>
        people?.filter((person) => person.userId !== unblocked.userId),
      );
    },
  });
}
