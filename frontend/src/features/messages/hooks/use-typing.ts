// "Rahim is typing…": the other side's typing heard on the live socket shows for 5 s
// after each signal (their message arriving ends it), and the reader's own typing is
// told at most once every 3 s. Where the server does not pass typing on, nothing shows.
import { useCallback, useEffect, useRef, useState } from 'react';
import { onTyping, sendLive } from '@/lib/live/live-channel.ts';

/** How long one signal shows the other side typing. */
export const TYPING_SHOWS_MS = 5_000;
/** The least time between two of the reader's own signals. */
export const TYPING_EVERY_MS = 3_000;

/** `lastTheirs`: the id of the other side's newest message (a new one ends their typing). */
export function useTyping(conversationId: string, me: string, lastTheirs: string | undefined) {
  const [typingSince, setTypingSince] = useState<number | null>(null);
  const lastSent = useRef(0);

  useEffect(
    () =>
      onTyping((heard) => {
        if (heard.conversationId === conversationId && heard.from !== me) setTypingSince(Date.now());
      }),
    [conversationId, me],
  );

  useEffect(() => {
    if (typingSince === null) return;
    const timer = setTimeout(() => {
      setTypingSince(null);
    }, TYPING_SHOWS_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typingSince]);

  // Their message arrived: they are done typing it.
  const [seenLast, setSeenLast] = useState(lastTheirs);
  if (seenLast !== lastTheirs) {
    setSeenLast(lastTheirs);
    setTypingSince(null);
  }

  const signal = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_EVERY_MS) return;
    if (sendLive({ type: 'typing', conversationId })) lastSent.current = now;
  }, [conversationId]);

  return { typing: typingSince !== null, signal };
}
