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
