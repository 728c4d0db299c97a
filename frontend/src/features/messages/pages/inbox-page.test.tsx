import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
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
