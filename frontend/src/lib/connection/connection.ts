// Whether the marketplace can be reached right now, as the page last found out: the
// browser says when it has no network at all; a call that got no answer (or none within
// `ANSWER_WITHIN_MS`) says the server is out of reach although the network is there, until
// the next answer arrives. The connection banner shows either within seconds, instead of
// a spinner that turns until the browser gives up.

/** How long a read waits for the server's answer to begin before it counts as lost. */
export const ANSWER_WITHIN_MS = 15_000;

export type Connection = 'online' | 'offline' | 'unreachable';

let unreachable = false;
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

/** The page's connection now. */
export function connection(): Connection {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'offline';
  return unreachable ? 'unreachable' : 'online';
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
