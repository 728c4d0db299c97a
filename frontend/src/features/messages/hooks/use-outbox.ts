// The messages of a conversation on their way: each goes to the outbox first (kept in
// this browser), then out; without a connection it waits ("Waiting for connection") and
// goes when the browser is back online or the live socket reconnects, and after a
// reload. What the server answers is applied as its events, as every write's is.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { onLiveOpen } from '@/lib/live/live-channel.ts';
import { newClientId, postMessage } from '@/features/messages/api/conversations.ts';
import { discard, enqueue, flushOutbox, outboxOf, subscribeOutbox, tryAgain } from '@/features/messages/outbox.ts';

/** A message the reader sent that the server has not kept yet. */
export interface Pending {
  clientId: string;
  text?: string | undefined;
  image?: string | undefined;
  state: 'sending' | 'waiting' | 'failed';
  /** Why the server refused it. */
  error?: string | undefined;
}

export function useOutbox(me: string, conversationId: string) {
  const queryClient = useQueryClient();
  const outbox = useSyncExternalStore(subscribeOutbox, () => outboxOf(me, conversationId));

  const flush = useCallback(() => {
    void flushOutbox(me, conversationId, ({ clientId, text, image }) =>
      postMessage(queryClient, conversationId, image ? { clientId, image } : { clientId, text: text ?? '' }),
    );
  }, [me, conversationId, queryClient]);

  // What waited (a reload, a page opened again) goes now; the rest when the connection is back.
  useEffect(() => {
    flush();
    window.addEventListener('online', flush);
    const stop = onLiveOpen(flush);
    return () => {
      window.removeEventListener('online', flush);
      stop();
    };
  }, [flush]);

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
