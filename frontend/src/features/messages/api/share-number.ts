// "Share my number" (docs/conversations.md, "Contact on the seller's terms"): the seller
// sends the listing's phone, and its WhatsApp link when it takes WhatsApp, as a message.
// Sharing again answers the message of the first time. The answer's events are applied as
// the socket's, so the message shows at once and once only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';

type Sent = components['schemas']['Sent'];

export function useShareNumber(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Sent>(`/conversations/${encodeURIComponent(conversationId)}/share-number`, { method: 'POST' }),
    onSuccess: (sent) => {
      applyWritten(queryClient, sent);
    },
  });
}
