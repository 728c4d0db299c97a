// A conversation's safety (docs/conversations.md): blocking the other side (neither can
// then write to the other), reporting a conversation to the admins, and deleting a
// message for oneself. Writes answer with the events they recorded, applied as the socket's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { applyWritten, type Written } from '@/lib/live/apply-event.ts';

/** Why a conversation is reported: the server's word and what the reporter taps. */
export const REPORT_REASONS = [
  { reason: 'scam', label: 'Scam or fraud' },
  { reason: 'money_first', label: 'Asks for money before meeting' },
  { reason: 'offensive', label: 'Offensive' },
  { reason: 'spam', label: 'Spam' },
  { reason: 'other', label: 'Other' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['reason'];

/** Blocks (`block: true`) or unblocks the person `userId`. */
export function useBlocking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      block
        ? api<Written>('/blocks', { method: 'POST', json: { userId } })
        : api<Written>(`/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (written) => {
      applyWritten(queryClient, written);
    },
  });
}

/** Reports the conversation `id` to the admins, once. */
export function useReportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: { reason: ReportReason; note?: string }) =>
      api<Written>(`/conversations/${encodeURIComponent(id)}/report`, { method: 'POST', json: report }),
    onSuccess: (written) => {
      applyWritten(queryClient, written);
    },
  });
}

/** Deletes a message of conversation `id` for the reader alone (their other tabs too). */
export function useHideMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api<Written>(`/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}`, {
        method: 'DELETE',
      }),
    onSuccess: (written) => {
      applyWritten(queryClient, written);
    },
  });
}
