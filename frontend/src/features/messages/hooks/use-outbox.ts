// The messages of a conversation on their way: each goes to the outbox first (kept in
// this browser), then out; without a connection it waits ("Waiting for connection") and
// goes when the browser is back online or the live socket reconnects, and after a
// reload. What the server answers is applied as its events, as every write's is.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { onLiveOpen } from '@/lib/live/live-channel.ts';
import { newClientId, postMessage } from '@/features/messages/api/conversations.ts';
import {
  conversationsWaiting,
  discard,
  enqueue,
  flushOutbox,
  outboxOf,
  subscribeOutbox,
  tryAgain,
  type Queued,
} from '@/features/messages/outbox.ts';

/** A message the reader sent that the server has not kept yet. */
export interface Pending {
  clientId: string;
  text?: string | undefined;
  image?: string | undefined;
  state: 'sending' | 'waiting' | 'failed';
  /** Why the server refused it. */
  error?: string | undefined;
}

/** How a waiting message of conversation `conversationId` goes out. */
const sender =
  (queryClient: QueryClient, conversationId: string) =>
  ({ clientId, text, image }: Queued) =>
    postMessage(queryClient, conversationId, image ? { clientId, image } : { clientId, text: text ?? '' });

/** Runs `flush` now (what waited: a reload, a page opened again) and each time the connection is back. */
function useFlushWhenBack(flush: () => void): void {
  useEffect(() => {
    flush();
    window.addEventListener('online', flush);
    const stop = onLiveOpen(flush);
    return () => {
      window.removeEventListener('online', flush);
      stop();
    };
  }, [flush]);
}

/** Where no conversation is open (the inbox), what waits in any of them goes when it can. */
export function useSendAllWaiting(me: string): void {
  const queryClient = useQueryClient();
  const flush = useCallback(() => {
    for (const conversationId of me ? conversationsWaiting(me) : []) {
      void flushOutbox(me, conversationId, sender(queryClient, conversationId));
    }
  }, [me, queryClient]);
  useFlushWhenBack(flush);
}

export function useOutbox(me: string, conversationId: string) {
  const queryClient = useQueryClient();
  const outbox = useSyncExternalStore(subscribeOutbox, () => outboxOf(me, conversationId));
  const flush = useCallback(() => {
    void flushOutbox(me, conversationId, sender(queryClient, conversationId));
  }, [me, conversationId, queryClient]);
  useFlushWhenBack(flush);

  const pending = useMemo(
    () =>
      outbox.items.map(
        (item): Pending => ({
          clientId: item.clientId,
          text: item.text,
          image: item.image,
          state: item.failed !== undefined ? 'failed' : outbox.waiting ? 'waiting' : 'sending',
          error: item.failed,
        }),
      ),
    [outbox],
  );

  return {
    pending,
    send: (content: { text: string } | { image: string }) => {
      enqueue(me, conversationId, { clientId: newClientId(), ...content });
      flush();
    },
    retry: (clientId: string) => {
      tryAgain(me, conversationId, clientId);
      flush();
    },
    discard: (clientId: string) => {
      discard(me, conversationId, clientId);
    },
  };
}
