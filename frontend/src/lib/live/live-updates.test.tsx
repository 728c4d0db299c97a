import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import type { Listing } from '@/lib/api/types.ts';
import { api, onUnauthorized } from '@/lib/api-client.ts';
import { getAccessToken, saveSession } from '@/lib/auth/session-store.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { onLiveOpen, onTyping, sendLive } from './live-channel.ts';
import { forgetListReads } from './live-seq.ts';
import { LiveUpdates } from './live-updates.tsx';

/** A browser WebSocket the test drives: it opens, delivers frames and drops on command. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  /** Every frame the page sent, parsed. */
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.sockets.push(this);
  }

  send(frame: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(frame));
  }

  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }

  serverAccepts() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  serverSends(message: unknown) {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }

  /** The network drops the connection (not a close the page asked for). */
  drops() {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.(new CloseEvent('close', { code: 1006, wasClean: false }));
    });
  }
}

const sportsBike = aListing({ _id: 'p1', categoryId: 'c1' });
const cruiser = aListing({ _id: 'p2', categoryId: 'c1' });

function signIn(token: string) {
  localStorage.setItem('access-token', token);
  localStorage.setItem('user-email', 'buyer@example.com');
}

/** The page's socket once LiveUpdates has started it. */
async function theSocket(index = 0): Promise<FakeWebSocket> {
  await waitFor(
    () => {
      expect(FakeWebSocket.sockets).toHaveLength(index + 1);
    },
    { timeout: 3000 },
  );
  const socket = FakeWebSocket.sockets[index];
  if (!socket) throw new Error('no socket');
  return socket;
}

function renderLive(queryClient: QueryClient, children?: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      {children}
    </QueryClientProvider>,
  );
}

function availability(queryClient: QueryClient, categoryId: string) {
  return queryClient.getQueryData<Listing[]>(['products', categoryId])?.map((p) => [p._id, p.availability]);
}

describe('LiveUpdates, the live socket', () => {
  beforeEach(() => {
    FakeWebSocket.sockets = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    // Reconnect after the shortest back-off (reconnectDelay: 500 ms for the first retry).
    vi.spyOn(Math, 'random').mockReturnValue(0);
    forgetListReads();
  });

  afterEach(() => {
    FakeWebSocket.sockets = [];
  });

  it('connects to /api/live on this host and signs in with the access token', async () => {
    signIn('token-of-buyer');
    renderLive(new QueryClient());

    const socket = await theSocket();
    expect(socket.url).toBe(`ws://${window.location.host}/api/live`);
    expect(socket.sent).toEqual([]);
    socket.serverAccepts();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-of-buyer' }]);
  });

  it('signs the page out when the server ends the session its socket signed in with', async () => {
    const toSignIn = vi.fn();
    onUnauthorized(toSignIn);
    signIn('token-of-buyer');
    renderLive(new QueryClient());
    const socket = await theSocket();
    socket.serverAccepts();
    expect(getAccessToken()).toBe('token-of-buyer');

    socket.serverSends({ type: 'auth', ok: false, message: 'Your session has ended. Please sign in again.' });
    expect(getAccessToken()).toBeNull();
    expect(toSignIn).toHaveBeenCalledTimes(1);
  });

  it('keeps a newer session when the socket reports on the one before it', async () => {
    signIn('token-of-buyer');
    renderLive(new QueryClient());
    const socket = await theSocket();
    socket.serverAccepts();
    // The page signed in again before the socket heard its old session had ended.
    localStorage.setItem('access-token', 'a-newer-token');

    const toSignIn = vi.fn();
    onUnauthorized(toSignIn);
    socket.serverSends({ type: 'auth', ok: false });
    expect(getAccessToken()).toBe('a-newer-token');
    expect(toSignIn).not.toHaveBeenCalled();
  });

  it('stays anonymous until someone signs in, then signs the open socket in', async () => {
    renderLive(new QueryClient());

    const socket = await theSocket();
    socket.serverAccepts();
    expect(socket.sent).toEqual([]);
    act(() => {
      saveSession({ token: 'token-of-seller', email: 'seller@example.com' });
    });
    await waitFor(() => {
      expect(socket.sent).toEqual([{ type: 'auth', token: 'token-of-seller' }]);
    });
    expect(FakeWebSocket.sockets).toHaveLength(1);
  });

  it('flips a sold listing to sold in the cached category list, in place', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['products', 'c1'], [sportsBike, cruiser]);
    queryClient.setQueryData(['products', 'c2'], [aListing({ _id: 'p9', categoryId: 'c2' })]);
    renderLive(queryClient);

    const socket = await theSocket();
    socket.serverAccepts();
    socket.serverSends({
      type: 'event',
      seq: 41,
      event: 'product.sold',
      data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' },
    });

    expect(availability(queryClient, 'c1')).toEqual([
      ['p1', 'sold'],
      ['p2', 'Available'],
    ]);
    expect(availability(queryClient, 'c2')).toEqual([['p9', 'Available']]);
    // Patched, not refetched: nothing was marked stale.
    expect(queryClient.getQueryState(['products', 'c1'])?.isInvalidated).toBe(false);
  });

  it('after a dropped connection, reconnects, signs in again and resumes after the last event it saw', async () => {
    signIn('token-of-buyer');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['products', 'c1'], [sportsBike, cruiser]);
    renderLive(queryClient);

    const first = await theSocket();
    first.serverAccepts();
    first.serverSends({ type: 'event', seq: 41, event: 'product.sold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    first.serverSends({ type: 'event', seq: 42, event: 'rocket.launched', data: {} });
    first.drops();

    const second = await theSocket(1);
    expect(second.url).toBe(first.url);
    second.serverAccepts();
    // Auth first, so the replay includes this user's own events.
    expect(second.sent).toEqual([
      { type: 'auth', token: 'token-of-buyer' },
      { type: 'resume', since: 42 },
    ]);

    // A replayed event the page has already applied changes nothing.
    second.serverSends({ type: 'event', seq: 41, event: 'product.deleted', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    expect(availability(queryClient, 'c1')).toEqual([
      ['p1', 'sold'],
      ['p2', 'Available'],
    ]);
  });

  it('resumes its first connection from the oldest list the page read, so a change made in between arrives', async () => {
    const positions = ['12', '17'];
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('[]', { status: 200, headers: { 'x-live-seq': positions.shift() ?? '99' } })),
    );
    await api('/advertise');
    await api('/categories');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['advertise'], []);
    renderLive(queryClient);

    const socket = await theSocket();
    socket.serverAccepts();
    expect(socket.sent).toEqual([{ type: 'resume', since: 12 }]);
    // The advert made after the home page read its list, before the socket was there.
    socket.serverSends({
      type: 'event',
      seq: 13,
      event: 'advert.created',
      data: { ...aListing({ _id: 'p1' }), _id: 'a1', advertiseId: 'p1' },
    });
    expect(queryClient.getQueryData<{ _id: string }[]>(['advertise'])?.map((a) => a._id)).toEqual(['a1']);
  });

  it('folds the events it already applied into a list that lands after them', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const queryClient = new QueryClient();
    function CategoryList() {
      const listing = useQuery({ queryKey: ['products', 'c1'], queryFn: () => api<Listing[]>('/products/c1') });
      return <p>{listing.data?.length ?? 0} bikes</p>;
    }
    renderLive(queryClient, <CategoryList />);
    const socket = await theSocket();
    socket.serverAccepts();
    socket.serverSends({ type: 'event', seq: 40, event: 'category.created', data: { _id: 'c1', categoryName: 'Sports', categoryImage: '/a.png' } });
    // The bike sells while the page's read of the list is on its way…
    socket.serverSends({ type: 'event', seq: 41, event: 'product.sold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    // …and the list, read just before the sale, lands after it.
    answer(new Response(JSON.stringify([sportsBike, cruiser]), { status: 200, headers: { 'x-live-seq': '40' } }));
    await waitFor(() => {
      expect(availability(queryClient, 'c1')).toEqual([
        ['p1', 'sold'],
        ['p2', 'Available'],
      ]);
    });
  });

  it('on reset, reads again exactly the data live events change: never the settings, a profile or a payment', async () => {
    const queryClient = new QueryClient();
    const reads = { categories: 0, config: 0, user: 0, paymentIntent: 0, paymentBooking: 0 };
    const read = (what: keyof typeof reads, data: unknown) => () => {
      reads[what] += 1;
      return Promise.resolve(data);
    };
    function Screen() {
      useQuery({ queryKey: queryKeys.categories(), queryFn: read('categories', []) });
      useQuery({ queryKey: queryKeys.config(), queryFn: read('config', {}) });
      useQuery({ queryKey: queryKeys.user('buyer@example.com'), queryFn: read('user', {}) });
      // A payment started for a booking: reading it again would start another.
      useQuery({ queryKey: queryKeys.paymentIntent('o1'), queryFn: read('paymentIntent', {}) });
      useQuery({ queryKey: queryKeys.paymentBooking('o1'), queryFn: read('paymentBooking', {}) });
      return null;
    }
    queryClient.setQueryData(queryKeys.categoryListingsOf('c1', 'public'), [sportsBike]);
    queryClient.setQueryData(queryKeys.buyers(), []);
    renderLive(queryClient, <Screen />);
    await waitFor(() => {
      expect(reads).toEqual({ categories: 1, config: 1, user: 1, paymentIntent: 1, paymentBooking: 1 });
    });

    const socket = await theSocket();
    socket.serverAccepts();
    expect(queryClient.getQueryState(queryKeys.categoryListingsOf('c1', 'public'))?.isInvalidated).toBe(false);
    socket.serverSends({ type: 'reset' });

    // On screen: read again. Cached but not on screen: stale, read when next shown.
    await waitFor(() => {
      expect(reads).toEqual({ categories: 2, config: 1, user: 1, paymentIntent: 1, paymentBooking: 2 });
    });
    expect(queryClient.getQueryState(queryKeys.categoryListingsOf('c1', 'public'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.buyers())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.config())?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(queryKeys.user('buyer@example.com'))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(queryKeys.paymentIntent('o1'))?.isInvalidated).toBe(false);
  });
});

describe('LiveUpdates, besides events', () => {
  beforeEach(() => {
    FakeWebSocket.sockets = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    forgetListReads();
  });

  it('says when the socket opens, passes on who is typing, and sends what a page says while open', async () => {
    signIn('token-of-buyer');
    const opened = vi.fn();
    const heard = vi.fn();
    const stops = [onLiveOpen(opened), onTyping(heard)];
    renderLive(new QueryClient());
    const socket = await theSocket();
    expect(sendLive({ type: 'typing', conversationId: 'c1' })).toBe(false);
    socket.serverAccepts();
    expect(opened).toHaveBeenCalledTimes(1);
    socket.serverSends({ type: 'typing', conversationId: 'c1', from: '2' });
    expect(heard).toHaveBeenCalledWith({ conversationId: 'c1', from: '2' });
    await waitFor(() => {
      expect(sendLive({ type: 'typing', conversationId: 'c1' })).toBe(true);
    });
    expect(socket.sent).toContainEqual({ type: 'typing', conversationId: 'c1' });
    for (const stop of stops) stop();
  });
});
