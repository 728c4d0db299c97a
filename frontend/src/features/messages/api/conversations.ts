// Conversations between a buyer and a bike's seller (docs/conversations.md): the inbox
// (all of them, or one listing's), one conversation, its messages fifty at a time,
// sending, opening one from a listing, and read marks. Writes answer with the events
// they recorded, applied as the socket's.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import { applyWritten } from '@/lib/live/apply-event.ts';
import type { Conversation, Message } from '@/lib/live/message-events.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type { Conversation, Message };
type Opened = components['schemas']['Opened'];
type Sent = components['schemas']['Sent'];
type ReadView = components['schemas']['ReadView'];

/** How many messages one read answers: fewer means the start of the conversation. */
export const MESSAGES_PAGE = 50;
/** The longest message, in characters. */
export const MESSAGE_MAX_CHARS = 2000;

const path = (id: string) => `/conversations/${encodeURIComponent(id)}`;

/** The signed-in user's conversations, the latest first; nothing is read without a user. */
export function useInbox(userId: string) {
  return useQuery({
    queryKey: queryKeys.conversationsOf(userId),
    queryFn: ({ signal }) => api<Conversation[]>('/conversations', { signal }),
    enabled: userId !== '',
  });
}

/**
 * The signed-in user's conversations about one listing, the latest first: a seller's with
 * every buyer who asked about the bike, a buyer's one (`GET /api/conversations?productId=`).
 */
export function useConversationsAbout(userId: string, productId: string) {
  return useQuery({
    queryKey: queryKeys.conversationsAbout(userId, productId),
    queryFn: ({ signal }) => api<Conversation[]>(`/conversations?productId=${encodeURIComponent(productId)}`, { signal }),
    enabled: userId !== '' && productId !== '',
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: queryKeys.conversation(id),
    queryFn: ({ signal }) => api<Conversation>(path(id), { signal }),
  });
}

/** The newest messages, oldest first; older ones join the same list as they are loaded. */
export function useMessages(id: string) {
  return useQuery({
    queryKey: queryKeys.messagesOf(id),
    queryFn: ({ signal }) => api<Message[]>(`${path(id)}/messages`, { signal }),
  });
}

/** Loads the messages before the first one shown; answers whether there may be more. */
export function useLoadOlder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string) => api<Message[]>(`${path(id)}/messages?before=${encodeURIComponent(before)}`),
    onSuccess: (older) => {
      queryClient.setQueryData<Message[]>(queryKeys.messagesOf(id), (shown = []) => {
        const known = new Set(shown.map((m) => m._id));
        return [...older.filter((m) => !known.has(m._id)), ...shown];
      });
    },
  });
}

/** A message to send: its sender's own id, and its text or a photo's address (`POST /api/uploads`). */
export type Outgoing = { clientId: string } & ({ text: string } | { image: string });

/**
 * Sends a message and applies what the server answers; the same `clientId` again is the
 * same message (a safe retry).
 */
export async function postMessage(queryClient: QueryClient, id: string, outgoing: Outgoing): Promise<void> {
  const sent = await api<Sent>(`${path(id)}/messages`, { method: 'POST', json: outgoing });
  applyWritten(queryClient, sent);
}

/** Marks the conversation read up to a message. */
export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => api<ReadView>(`${path(id)}/read`, { method: 'POST', json: { upTo } }),
    onSuccess: (read) => {
      applyWritten(queryClient, read);
    },
  });
}

/** A buyer asks about a listing: opens (or finds) the conversation and sends the first message. */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (first: { productId: string; clientId: string; text: string }) =>
      api<Opened>('/conversations', { method: 'POST', json: first }),
    onSuccess: (opened) => {
      queryClient.setQueryData(queryKeys.conversation(opened.conversation._id), opened.conversation);
      applyWritten(queryClient, opened);
    },
  });
}

/**
 * A new id for a message, its sender's own. A page opened over plain http on a LAN
 * address has no `crypto.randomUUID`: random bytes serve as well there.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
