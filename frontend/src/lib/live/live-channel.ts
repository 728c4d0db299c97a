// What the page says and hears on the live socket besides events: the socket
// (live-socket.tsx) reports here when it opens (again) and when someone is typing, and
// sends what a page asks it to. Pages listen here without loading the socket's code.

/** Someone is writing in a conversation (a frame of its own: no place in the event log). */
export interface Typing {
  conversationId: string;
  from: string;
}

let sender: ((frame: unknown) => void) | null = null;
const opened = new Set<() => void>();
const typing = new Set<(typing: Typing) => void>();

/** The socket, while it is open, sends with `send`; `null` once it is not. */
export function setLiveSender(send: ((frame: unknown) => void) | null): void {
  sender = send;
}

/** Sends a frame on the socket; answers false when it is not open (the frame is dropped). */
export function sendLive(frame: unknown): boolean {
  if (!sender) return false;
  sender(frame);
  return true;
}

/** The socket opened, first or again after the connection came back. */
export function liveOpened(): void {
  for (const listener of [...opened]) listener();
}

/** Calls `listener` each time the socket opens; answers how to stop. */
export function onLiveOpen(listener: () => void): () => void {
  opened.add(listener);
  return () => {
    opened.delete(listener);
  };
}

/** The socket heard someone typing. */
export function liveTyping(heard: Typing): void {
  for (const listener of [...typing]) listener(heard);
}

/** Calls `listener` each time someone is heard typing; answers how to stop. */
export function onTyping(listener: (heard: Typing) => void): () => void {
  typing.add(listener);
  return () => {
    typing.delete(listener);
  };
}
