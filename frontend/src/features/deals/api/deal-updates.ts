// Admins' sockets carry a `deal.updated` for every step of every deal. The deal pages
// listen on the page's one live socket (joined, never opened here: the live module owns
// it and signs it in) and fold each booking into the lists, or read an open deal again.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sharedWebSockets } from 'react-use-websocket/dist/lib/globals';
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket';
import type { Booking } from '@/lib/api/types.ts';
import { parseServerMessage, replaceBooking } from '@/lib/live/live-events.ts';
import { liveUrl } from '@/lib/live/live-url.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import type { DealFilter } from './get-deals.ts';

/** The most deals a list holds, as the server sends them. */
const LATEST = 200;

const listeners = new Set<(booking: Booking) => void>();

/** A deal moved: every deal page listening hears of it. */
export function dealUpdated(booking: Booking): void {
  for (const listener of listeners) listener(booking);
}

/**
 * One list after `booking` moved: its row replaced (never by an older state), or the row
 * added at the top when the deal now belongs to the list, or dropped when it left it.
 */
export function foldDeal(list: readonly Booking[] | undefined, status: DealFilter, booking: Booking) {
  if (!list) return list;
  const belongs = status ? booking.status === status : booking.status !== 'waiting';
  if (!belongs) return list.some((row) => row._id === booking._id) ? list.filter((row) => row._id !== booking._id) : list;
  const next = replaceBooking(list, booking, { email: 'deals', of: () => 'deals' });
  return next && next.length > LATEST ? next.slice(0, LATEST) : next;
}

export function applyDealUpdate(client: QueryClient, booking: Booking): void {
  for (const [key, list] of client.getQueriesData<readonly Booking[]>({ queryKey: queryKeys.dealLists() })) {
    const next = foldDeal(list, (key[2] ?? '') as DealFilter, booking);
    if (next !== list) client.setQueryData(key, next);
  }
  void client.invalidateQueries({ queryKey: queryKeys.deal(booking._id), exact: true });
}

/** The live module's socket, once it is open: its address, or null while there is none. */
function openLiveSocket(): string | null {
  const base = liveUrl();
  return Object.keys(sharedWebSockets).find((url) => url === base || url.startsWith(`${base}?`)) ?? null;
}

/** Hears every `deal.updated` while the page is open and folds it into the deal pages' cache. */
export function useDealUpdates(): void {
  const client = useQueryClient();
  const [url, setUrl] = useState(openLiveSocket);
  useEffect(() => {
    const listener = (booking: Booking) => {
      applyDealUpdate(client, booking);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [client]);
  // The live module opens its socket once the page has painted; join it when it is there.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = openLiveSocket();
      if (now) setUrl(now);
    }, 1_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const onMessage = useRef((message: MessageEvent<unknown>) => {
    if (typeof message.data !== 'string') return;
    const parsed = parseServerMessage(message.data);
    if (parsed.type === 'event' && parsed.live?.event === 'deal.updated') dealUpdated(parsed.live.data);
  });
  useWebSocket(
    url,
    // Never reopened from here: the live module reopens it, and this page hears the new one.
    {
      share: true,
      onMessage: (message) => {
        onMessage.current(message);
      },
      shouldReconnect: () => false,
    },
    url !== null,
  );
}
