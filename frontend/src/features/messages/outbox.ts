// Messages written but not yet kept by the server, per person and conversation, in this
// browser's storage: a message written without a connection waits here, outlives a
// reload, and is sent when the connection comes back, oldest first and one at a time,
// with the id it was written with, so the server keeps it once however often it goes.
import { ApiError } from '@/lib/api-client.ts';

/** A message on its way: its text or its photo's address; `failed` says why it was refused. */
export interface Queued {
  clientId: string;
  text?: string | undefined;
  image?: string | undefined;
  failed?: string | undefined;
}

/** A conversation's messages on their way, and whether the last try found no connection. */
export interface Outbox {
  items: readonly Queued[];
  waiting: boolean;
}

const keyOf = (me: string, conversationId: string) => `outbox:${me}:${conversationId}`;

function isQueued(value: unknown): value is Queued {
  return typeof value === 'object' && value !== null && typeof (value as Queued).clientId === 'string';
}

function read(key: string): Queued[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isQueued) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
const waiting = new Set<string>();
/** The last outbox answered per conversation, with the stored text it was read from. */
const snapshots = new Map<string, { stored: string | null; outbox: Outbox }>();

function changed(): void {
  for (const listener of [...listeners]) listener();
}

function write(key: string, items: readonly Queued[]): void {
  if (items.length === 0) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(items));
  changed();
}

/** Another tab of this browser changed what waits. */
function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key.startsWith('outbox:')) changed();
}

/** Calls `listener` whenever any outbox changes (here or in another tab); answers how to stop. */
export function subscribeOutbox(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The conversation's outbox; the same object until it changes. */
export function outboxOf(me: string, conversationId: string): Outbox {
  const key = keyOf(me, conversationId);
  const stored = localStorage.getItem(key);
  const known = snapshots.get(key);
  if (known?.stored === stored && known.outbox.waiting === waiting.has(key)) return known.outbox;
  const outbox = { items: read(key), waiting: waiting.has(key) };
  snapshots.set(key, { stored, outbox });
  return outbox;
}

/** The conversations of `me` with messages waiting in this browser. */
export function conversationsWaiting(me: string): string[] {
  const prefix = keyOf(me, '');
  const found: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix)) found.push(key.slice(prefix.length));
  }
  return found;
}

/** Keeps a message to send; the same `clientId` twice is kept once. */
export function enqueue(me: string, conversationId: string, item: Queued): void {
  const key = keyOf(me, conversationId);
  const items = read(key);
  if (items.some((q) => q.clientId === item.clientId)) return;
  write(key, [...items, item]);
}

/** A refused message is tried again: it goes back among those to send, in its place. */
export function tryAgain(me: string, conversationId: string, clientId: string): void {
  const key = keyOf(me, conversationId);
  write(
    key,
    read(key).map((item) => (item.clientId === clientId ? { clientId, text: item.text, image: item.image } : item)),
  );
}

/** A refused message its writer no longer wants sent. */
export function discard(me: string, conversationId: string, clientId: string): void {
  const key = keyOf(me, conversationId);
  write(key, read(key).filter((item) => item.clientId !== clientId));
}

function settle(key: string, clientId: string, failed?: string): void {
  const items = read(key);
  write(
    key,
    failed === undefined
      ? items.filter((q) => q.clientId !== clientId)
      : items.map((q) => (q.clientId === clientId ? { ...q, failed } : q)),
  );
}

function setWaiting(key: string, now: boolean): void {
  if (waiting.has(key) === now) return;
  if (now) waiting.add(key);
  else waiting.delete(key);
  changed();
}

/** No connection (the message waits), as opposed to the server refusing it. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : !navigator.onLine;
}

const nextToSend = (key: string) => read(key).find((q) => q.failed === undefined);

const sending = new Set<string>();
const askedAgain = new Set<string>();

/**
 * Sends the conversation's waiting messages, oldest first, one at a time, until none is
 * left or the connection is gone. While a send is under way another call only asks it to
 * go on: nothing is sent twice at once, and a message kept while it was sending is sent
 * by it. A message the server refuses keeps its reason, for a retry.
 */
export async function flushOutbox(
  me: string,
  conversationId: string,
  send: (item: Queued) => Promise<unknown>,
): Promise<void> {
  const key = keyOf(me, conversationId);
  if (sending.has(key)) {
    askedAgain.add(key);
    return;
  }
  sending.add(key);
  askedAgain.delete(key);
  setWaiting(key, false);
  try {
    for (let next = nextToSend(key); next; next = nextToSend(key)) {
      try {
        await send(next);
        settle(key, next.clientId);
      } catch (error) {
        if (!isOffline(error)) {
          settle(key, next.clientId, error instanceof Error ? error.message : String(error));
          continue;
        }
        // The connection came back while this try was failing: one more go.
        if (askedAgain.delete(key)) continue;
        setWaiting(key, true);
        return;
      }
    }
  } finally {
    sending.delete(key);
  }
}
