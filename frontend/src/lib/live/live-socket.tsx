// The one owner of the live socket (DESIGN.md "Live events"): one shared connection to
// /api/live, signed in with the access token when there is one, resuming after the
// last event seen whenever it reconnects, and folding every event into the query cache.
// Rendered by live-updates.tsx once the page has painted.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
// The package is CommonJS with only a default export, which the production bundler's
// interop gets wrong; its named hook export is the same function.
import { ReadyState } from 'react-use-websocket/dist/lib/constants';
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket';
import { getAccessToken, subscribeToSession } from '../auth/session-store.ts';
import { applyLiveEvent } from './apply-event.ts';
import { parseServerMessage } from './live-events.ts';
import { liveUrl, reconnectDelay } from './live-url.ts';

export function LiveSocket() {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToSession, getAccessToken, () => null);
  const lastSeq = useRef<number | null>(null);

  // The server cannot sign a socket out: after a sign-out the page opens a fresh,
  // anonymous one (a new generation is a new address, so a new shared socket).
  const [seenToken, setSeenToken] = useState(token);
  const [generation, setGeneration] = useState(0);
  if (token !== seenToken) {
    setSeenToken(token);
    if (seenToken && !token) setGeneration((n) => n + 1);
  }
  const url = generation === 0 ? liveUrl() : `${liveUrl()}?session=${String(generation)}`;

  const send = useRef<(message: unknown) => void>(() => undefined);
  /** The token this socket last signed in with (the socket's, not the page's). */
  const authedToken = useRef<string | null>(null);
  const { sendJsonMessage, readyState } = useWebSocket(url, {
    share: true,
    retryOnError: true,
    shouldReconnect: () => true,
    reconnectAttempts: Number.POSITIVE_INFINITY,
    reconnectInterval: reconnectDelay,
    onOpen: () => {
      // Auth first, so the replay includes this user's own events; the server holds
      // live events back briefly, waiting for the resume.
      const current = getAccessToken();
      authedToken.current = current;
      if (current) send.current({ type: 'auth', token: current });
      if (lastSeq.current !== null) send.current({ type: 'resume', since: lastSeq.current });
    },
    onMessage: (message: MessageEvent<unknown>) => {
      if (typeof message.data !== 'string') return;
      const parsed = parseServerMessage(message.data);
      if (parsed.type === 'reset') {
        void queryClient.invalidateQueries();
      } else if (parsed.type === 'event') {
        if (lastSeq.current !== null && parsed.seq <= lastSeq.current) return;
        lastSeq.current = parsed.seq;
        if (parsed.live) applyLiveEvent(queryClient, parsed.live);
      }
    },
  });

  useEffect(() => {
    send.current = (message) => {
      sendJsonMessage(message, false);
    };
  }, [sendJsonMessage]);

  // Signing in on an open socket adds that user's events to it.
  const open = readyState === ReadyState.OPEN;
  useEffect(() => {
    if (!open || !token || token === authedToken.current) return;
    authedToken.current = token;
    sendJsonMessage({ type: 'auth', token }, false);
  }, [open, token, sendJsonMessage]);

  return null;
}
