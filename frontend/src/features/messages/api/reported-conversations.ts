// The admins' queue of reported conversations (docs/conversations.md, "Safety"), and the
// one way an admin reads a conversation: once it is reported.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ConversationReport } from '@/lib/api/types.ts';
import { translate } from '@/lib/i18n/catalog.ts';
import type { Locale } from '@/lib/i18n/numbers.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { REPORT_REASONS } from '@/features/messages/api/safety.ts';
import type { Message } from '@/features/messages/api/conversations.ts';
import { reportMessages } from '@/features/messages/messages.messages.ts';

export type { ConversationReport };

/** `GET /api/reportedConversations`, the latest first; a new report joins it live. */
export function useReportedConversations() {
  return useQuery({
    queryKey: queryKeys.reportedConversations(),
    queryFn: ({ signal }) => api<ConversationReport[]>('/reportedConversations', { signal }),
  });
}

/** A reported conversation's latest messages, oldest first; read only while `enabled`. */
export function useReportedMessages(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reportedMessages(conversationId),
    queryFn: ({ signal }) =>
      api<Message[]>(`/reportedConversations/${encodeURIComponent(conversationId)}/messages`, { signal }),
    enabled,
  });
}

/** Why it was reported, in the words the reporter tapped; an unknown reason as the server wrote it. */
export function reasonInWords(reason: string, locale: Locale = 'en'): string {
  const known = REPORT_REASONS.find((r) => r.reason === reason);
  return known ? translate(reportMessages, locale, known.reason) : reason;
}
