import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { anOffer } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';

const r15 = aConversation({ unread: 2 });
const pulsar = aConversation({
  _id: 'c2',
  productId: 'p2',
  productName: 'Bajaj Pulsar 150',
  lastMessageAt: '2026-11-27T03:00:00Z',
});

const rowNames = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.getAttribute('aria-label'));

describe('the inbox', () => {
  it('lists conversations with the other side, the time and unread counts, and counts them in the nav', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/conversations': [200, [r15, pulsar]] });
    renderApp('/dashboard/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(rowNames(list)).toEqual(['Yamaha R15, with Rahim Seller, 2 unread', 'Bajaj Pulsar 150, with Rahim Seller']);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/dashboard/messages/c1');
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Fri 27 Nov, 10:05 am');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute('href', '/dashboard/messages');
  });

  it('moves a conversation to the top when a message arrives, and reads the list again for a new one', async () => {
    const fetchMock = fakeServer({ ...signedInAs('buyer'), 'GET /api/conversations': [200, [r15, pulsar]] });
    const { queryClient } = renderApp('/dashboard/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await within(list).findByRole('link', { name: /Bajaj Pulsar 150/ });
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'message.created',
        data: aMessage({ _id: '20', conversationId: 'c2', productId: 'p2', from: '2', sentAt: '2026-11-27T06:00:00Z' }),
      });
    });
    await expect.poll(() => rowNames(list)).toEqual([
      'Bajaj Pulsar 150, with Rahim Seller, 1 unread',
      'Yamaha R15, with Rahim Seller, 2 unread',
    ]);
    const before = callsOf(fetchMock).filter((call) => call === 'GET /api/conversations').length;
    act(() => {
      applyLiveEvent(queryClient, { event: 'message.created', data: aMessage({ _id: '21', conversationId: 'c9' }) });
    });
    await expect
      .poll(() => callsOf(fetchMock).filter((call) => call === 'GET /api/conversations').length)
      .toBe(before + 1);
  });

  it('says where conversations come from when there are none', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/conversations': [200, []] });
    renderApp('/dashboard/messages');
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });
});

describe('the inbox and messages written without a connection', () => {
  it('sends what waits in any conversation, once, and leaves a refused one for its writer', async () => {
    localStorage.setItem('outbox:1:c2', JSON.stringify([{ clientId: 'w1', text: 'Still for sale?' }]));
    localStorage.setItem('outbox:1:c1', JSON.stringify([{ clientId: 'w2', text: 'Pay first?', failed: 'Blocked' }]));
    localStorage.setItem('outbox:2:c1', JSON.stringify([{ clientId: 'w3', text: 'Another account’s' }]));
    const posts: string[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/conversations': [200, [r15, pulsar]],
      'POST /api/conversations/c2/messages': (init) => {
        const body = JSON.parse(init.body as string) as { clientId: string; text: string };
        posts.push(body.clientId);
        return [200, { message: aMessage({ _id: '30', conversationId: 'c2', ...body }), events: [] }];
      },
    });
    renderApp('/dashboard/messages');
    await screen.findByRole('list', { name: 'Conversations' });
    await expect.poll(() => localStorage.getItem('outbox:1:c2')).toBeNull();
    expect(posts).toEqual(['w1']);
    expect(localStorage.getItem('outbox:1:c1')).toContain('Pay first?');
    expect(localStorage.getItem('outbox:2:c1')).toContain('Another account');
  });
});

describe("one bike's conversations", () => {
  // The seller (user "1" as signedInAs signs in) with two buyers of the Yamaha.
  const withKarim = aConversation({ sellerId: '1', buyerId: '3', unread: 1 });
  const withSadia = aConversation({ _id: 'c3', sellerId: '1', buyerId: '4', buyerName: 'Sadia Islam' });
  const ABOUT_P1 = 'GET /api/conversations?productId=p1';

  it('shows only that bike, names it, and leads back to every conversation', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('seller'),
      'GET /api/conversations': [200, [withKarim, withSadia, pulsar]],
      [ABOUT_P1]: [200, [withKarim, withSadia]],
    });
    const { router } = renderApp('/dashboard/messages?bike=p1');
    expect(await screen.findByRole('heading', { name: 'About Yamaha R15' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(rowNames(list)).toEqual(['Yamaha R15, with Karim Buyer, 1 unread', 'Yamaha R15, with Sadia Islam']);
    expect(callsOf(fetchMock)).toContain(ABOUT_P1);
    await userEvent.click(screen.getByRole('link', { name: 'Show all conversations' }));
    await expect.poll(() => router.state.location.search).toBe('');
    await expect
      .poll(() => rowNames(screen.getByRole('list', { name: 'Conversations' })))
      .toEqual(['Yamaha R15, with Karim Buyer, 1 unread', 'Yamaha R15, with Sadia Islam', 'Bajaj Pulsar 150, with Rahim Seller']);
    expect(screen.queryByRole('link', { name: 'Show all conversations' })).not.toBeInTheDocument();
  });

  it("keeps another bike's new message out of the list, and moves this bike's to the top", async () => {
    fakeServer({ ...signedInAs('seller'), 'GET /api/conversations': [200, [withKarim, withSadia]], [ABOUT_P1]: [200, [withKarim, withSadia]] });
    const { queryClient } = renderApp('/dashboard/messages?bike=p1');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await within(list).findByRole('link', { name: /Sadia Islam/ });
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'message.created',
        data: aMessage({ _id: '40', conversationId: 'c9', productId: 'p2', from: '5', sentAt: '2026-11-27T06:00:00Z' }),
      });
      applyLiveEvent(queryClient, {
        event: 'message.created',
        data: aMessage({ _id: '41', conversationId: 'c3', from: '4', sentAt: '2026-11-27T06:01:00Z' }),
      });
    });
    await expect.poll(() => rowNames(list)).toEqual([
      'Yamaha R15, with Sadia Islam, 1 unread',
      'Yamaha R15, with Karim Buyer, 1 unread',
    ]);
  });

  it('names a bike nobody asked about yet from the link that led here', async () => {
    fakeServer({ ...signedInAs('seller'), 'GET /api/conversations': [200, []], [ABOUT_P1]: [200, []] });
    const { router } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Dashboard' });
    act(() => {
      void router.navigate('/dashboard/messages?bike=p1', { state: { bikeName: 'Suzuki Gixxer' } });
    });
    expect(await screen.findByRole('heading', { name: 'About Suzuki Gixxer' })).toBeInTheDocument();
    expect(await screen.findByText(/Nobody has asked about this bike yet/)).toBeInTheDocument();
  });
});

describe('offers in the inbox', () => {
  const now = Date.parse('2026-11-27T06:00:00Z');
  const in47h = new Date(now + 47 * 3_600_000 + 30 * 60_000).toISOString();
  const offerLine = async (name: RegExp) => {
    const list = await screen.findByRole('list', { name: 'Conversations' });
    return within(within(list).getByRole('link', { name })).queryByTestId('inbox-offer');
  };

  it("says where each conversation's latest offer stands, for the reader, with lakh grouping", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    try {
      const theirs = aConversation({ offer: anOffer({ by: 'seller', amount: 145000, expiresAt: in47h }) });
      const mine = aConversation({
        _id: 'c2',
        productName: 'Bajaj Pulsar 150',
        offer: anOffer({ _id: 'f2', conversationId: 'c2', amount: 98000, expiresAt: in47h }),
      });
      const accepted = aConversation({
        _id: 'c3',
        productName: 'TVS Apache',
        offer: anOffer({ _id: 'f3', conversationId: 'c3', amount: 145000, status: 'accepted', expiresAt: in47h }),
      });
      const declined = aConversation({
        _id: 'c4',
        productName: 'Honda Shine',
        offer: anOffer({ _id: 'f4', conversationId: 'c4', amount: 60000, status: 'declined' }),
      });
      const past = aConversation({
        _id: 'c5',
        productName: 'Hero Splendor',
        offer: anOffer({ _id: 'f5', conversationId: 'c5', amount: 50000, expiresAt: '2026-11-27T05:00:00Z' }),
      });
      const none = aConversation({ _id: 'c6', productName: 'Suzuki Gixxer' });
      fakeServer({ ...signedInAs('buyer'), 'GET /api/conversations': [200, [theirs, mine, accepted, declined, past, none]] });
      renderApp('/dashboard/messages');
      expect(await offerLine(/^Yamaha R15/)).toHaveTextContent(/^Offer ৳1,45,000 · waiting for you · lapses in 47h$/);
      expect(await offerLine(/^Bajaj Pulsar 150/)).toHaveTextContent(
        /^Your offer ৳98,000 · waiting for an answer · lapses in 47h$/,
      );
      expect(await offerLine(/^TVS Apache/)).toHaveTextContent(/^Accepted ৳1,45,000 · lapses in 47h$/);
      expect(await offerLine(/^Honda Shine/)).toHaveTextContent(/^Declined ৳60,000$/);
      expect(await offerLine(/^Hero Splendor/)).toHaveTextContent(/^Lapsed ৳50,000$/);
      expect(await offerLine(/^Suzuki Gixxer/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the hours down while the page stays open, and stops its clock when it closes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(now);
    try {
      const threeHours = new Date(now + 3 * 3_600_000).toISOString();
      fakeServer({
        ...signedInAs('buyer'),
        'GET /api/conversations': [200, [aConversation({ offer: anOffer({ by: 'seller', amount: 145000, expiresAt: threeHours }) })]],
      });
      const { unmount } = renderApp('/dashboard/messages');
      expect(await offerLine(/^Yamaha R15/)).toHaveTextContent('lapses in 3h');
      act(() => {
        vi.advanceTimersByTime(61 * 60_000);
      });
      expect(await offerLine(/^Yamaha R15/)).toHaveTextContent('lapses in 1h');
      act(() => {
        vi.advanceTimersByTime(60 * 60_000);
      });
      expect(await offerLine(/^Yamaha R15/)).toHaveTextContent('lapses in 59m');
      act(() => {
        vi.advanceTimersByTime(60 * 60_000);
      });
      expect(await offerLine(/^Yamaha R15/)).toHaveTextContent(/^Lapsed ৳1,45,000$/);
      unmount();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
