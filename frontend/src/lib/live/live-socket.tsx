// The one owner of the live socket: one shared connection to /api/live, signed in with
// the access token when there is one, and folding every event into the query cache.
// Nothing is missed between a list's read and the socket: the first open resumes from
// the oldest position of the lists read so far (`live-seq.ts`), a reconnect resumes
// after the last event seen, and a list that lands while the socket is open gets the
// recent events folded in again. Rendered by live-updates.tsx once the page has painted.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
// The package is CommonJS with only a default export, which the production bundler's
// interop gets wrong; its named hook export is the same function.
import { ReadyState } from 'react-use-websocket/dist/lib/constants';
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket';
import { toast } from 'react-toastify';
import { endStoredSession } from '@/lib/api-client.ts';
import { noteLiveClosed, noteLiveOpen } from '@/lib/connection/connection.ts';
import { getAccessToken, subscribeToSession } from '@/lib/auth/session-store.ts';
import { refetchLiveData } from '@/lib/query-keys.ts';
import { applyLiveEvent } from './apply-event.ts';
import { liveOpened, liveTyping, setLiveSender } from './live-channel.ts';
import { parseServerMessage, type LiveEvent } from './live-events.ts';
import { oldestListRead, oldestRecentListRead } from './live-seq.ts';
import { liveUrl, reconnectDelay } from './live-url.ts';

/** What the page says when the server ends the session a socket signed in with. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Recent events kept to fold into lists that land late. */
const KEPT = 500;

export function LiveSocket() {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToSession, getAccessToken, () => null);
  const lastSeq = useRef<number | null>(null);
  /** The last [`KEPT`] events applied, oldest first; `trimmed` once some were dropped. */
  const kept = useRef<{ events: { seq: number; live: LiveEvent }[]; trimmed: boolean }>({ events: [], trimmed: false });

  // A list fetched while the socket was open may have been read before some events the
  // socket already applied (to the list it replaced): fold those in again.
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      const since = oldestRecentListRead();
      const last = lastSeq.current;
      if (since === null || last === null || since >= last) return;
      const { events, trimmed } = kept.current;
      const first = events[0]?.seq;
      if (trimmed && (first === undefined || first > since + 1)) {
        // Too far back to replay here: read the live data again.
        void refetchLiveData(queryClient);
        return;
      }
      for (const { seq, live } of events) if (seq > since) applyLiveEvent(queryClient, live);
    });
  }, [queryClient]);

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
      const since = lastSeq.current ?? oldestListRead();
      if (since !== null) send.current({ type: 'resume', since });
      // Pages waiting for the connection (messages written offline) go on now.
      liveOpened();
    },
    onMessage: (message: MessageEvent<unknown>) => {
      if (typeof message.data !== 'string') return;
      const parsed = parseServerMessage(message.data);
      if (parsed.type === 'auth' && !parsed.ok) {
        // The session this socket signed in with has ended (signed out elsewhere, a
        // password reset, the account deleted): if the page still holds it, the page is
        // signed out too, instead of finding out at its next call.
        const signedInWith = authedToken.current;
        if (signedInWith !== null && signedInWith === getAccessToken()) {
          authedToken.current = null;
          toast.info(SESSION_ENDED);
          endStoredSession();
        }
      } else if (parsed.type === 'reset') {
        // The server cannot replay what this page missed: read again what events change.
        void refetchLiveData(queryClient);
      } else if (parsed.type === 'typing') {
        liveTyping({ conversationId: parsed.conversationId, from: parsed.from });
      } else if (parsed.type === 'event') {
        if (lastSeq.current !== null && parsed.seq <= lastSeq.current) return;
        lastSeq.current = parsed.seq;
        if (parsed.live) {
          const live = parsed.live;
          applyLiveEvent(queryClient, live);
          const recent = kept.current;
          recent.events.push({ seq: parsed.seq, live });
          if (recent.events.length > KEPT) {
            recent.events.shift();
            recent.trimmed = true;
          }
        }
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

  // The connection strip says so when the socket stays away (it keeps trying).
  useEffect(() => {
    if (open) noteLiveOpen();
    else noteLiveClosed();
  }, [open]);
  useEffect(() => noteLiveOpen, []);

  // While open, pages may say something on it (that the reader is typing).
  useEffect(() => {
    if (!open) return;
    setLiveSender((frame) => {
      sendJsonMessage(frame, false);
    });
    return () => {
      setLiveSender(null);
    };
  }, [open, sendJsonMessage]);
  useEffect(() => {
    if (!open || !token || token === authedToken.current) return;
    authedToken.current = token;
    sendJsonMessage({ type: 'auth', token }, false);
  }, [open, token, sendJsonMessage]);

  return null;
}
