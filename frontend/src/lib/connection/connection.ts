// Whether the marketplace can be reached right now, as the page last found out: the
// browser says when it has no network at all; a call that got no answer (or none within
// `ANSWER_WITHIN_MS`) says the server is out of reach although the network is there, until
// the next answer arrives. The connection banner shows either within seconds, instead of
// a spinner that turns until the browser gives up. With calls answered, a live socket
// that has been closed for `LIVE_GRACE_MS` says the page is not updating by itself for
// now ('reconnecting'): it is trying again, and what it missed arrives when it is back.

/** How long a read waits for the server's answer to begin before it counts as lost. */
export const ANSWER_WITHIN_MS = 15_000;

/** How long the live socket may be away (a blip, a server restart) before the page says so. */
export const LIVE_GRACE_MS = 5_000;

export type Connection = 'online' | 'offline' | 'unreachable' | 'reconnecting';

let unreachable = false;
/** The live socket has been away past its grace. */
let liveAway = false;
let liveTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** A call got an answer (any status): the server is there. */
export function noteAnswered(): void {
  if (!unreachable) return;
  unreachable = false;
  notify();
}

/** A call got no answer: the server could not be reached. */
export function noteUnanswered(): void {
  if (unreachable) return;
  unreachable = true;
  notify();
}

/** The live socket is open: events arrive as they happen. */
export function noteLiveOpen(): void {
  if (liveTimer !== null) clearTimeout(liveTimer);
  liveTimer = null;
  if (!liveAway) return;
  liveAway = false;
  notify();
}

/** The live socket is not open (yet, or any more): past the grace, the page says so. */
export function noteLiveClosed(): void {
  if (liveAway || liveTimer !== null) return;
  liveTimer = setTimeout(() => {
    liveTimer = null;
    liveAway = true;
    notify();
  }, LIVE_GRACE_MS);
}

/** The page's connection now. */
export function connection(): Connection {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'offline';
  if (unreachable) return 'unreachable';
  return liveAway ? 'reconnecting' : 'online';
}

/** Calls `listener` when the connection may have changed; answers the unsubscribe. */
export function subscribeToConnection(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
