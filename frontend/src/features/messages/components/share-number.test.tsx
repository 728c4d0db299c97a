import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { seen } from '@/test/fixtures.ts';
import { callsOf, fakeServer, holdFetchesOf, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';

// Signed in as the seller (user "1"), writing with buyer "2".
const asked = aMessage({ from: '2', clientId: 'k10' });
const shared = aMessage({
  _id: '11',
  from: '1',
  clientId: 'k11',
  text: 'My number is 01700000000 (WhatsApp: https://wa.me/8801700000000)',
});

function sellerServer(overrides: FakeServer = {}): FakeServer {
  return {
    ...signedInAs('seller'),
    'GET /api/conversations/c1': [200, aConversation({ buyerId: '2', buyerName: 'Karim Buyer', sellerId: '1' })],
    'GET /api/conversations/c1/messages': [200, [asked]],
    ...overrides,
  };
}

const messagesList = () => screen.findByRole('list', { name: 'Messages' });

describe('Share my number', () => {
  it('is offered to the seller, not to the buyer', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/conversations/c1': [200, aConversation()],
      'GET /api/conversations/c1/messages': [200, [asked]],
    });
    renderApp('/dashboard/messages/c1');
    await messagesList();
    expect(screen.queryByRole('button', { name: 'Share my number' })).toBeNull();
  });

  it('sends the number as a message that shows at once, and once only when the socket brings it too', async () => {
    const fetchMock = fakeServer(
      sellerServer({
        'POST /api/conversations/c1/share-number': [
          200,
          { message: shared, events: [seen({ event: 'message.created', data: shared })] },
        ],
      }),
    );
    const { queryClient } = renderApp('/dashboard/messages/c1');
    const list = await messagesList();
    const release = holdFetchesOf('/api/conversations/c1/share-number');
    await userEvent.click(await screen.findByRole('button', { name: 'Share my number' }));
    expect(screen.getByRole('button', { name: 'Sharing…' })).toBeDisabled();
    release();
    expect(await within(list).findByText(/My number is 01700000000/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share my number' })).toBeEnabled();
    act(() => {
      applyLiveEvent(queryClient, { event: 'message.created', data: shared });
    });
    expect(within(list).getAllByText(/My number is 01700000000/)).toHaveLength(1);
    expect(callsOf(fetchMock).filter((call) => call.endsWith('/share-number'))).toEqual([
      'POST /api/conversations/c1/share-number',
    ]);
  });

  it("shows the server's message when the number cannot be shared", async () => {
    fakeServer(
      sellerServer({
        'POST /api/conversations/c1/share-number': [
          403,
          { error: 'forbidden', message: 'Only the seller can share their number' },
        ],
      }),
    );
    renderApp('/dashboard/messages/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Share my number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the seller can share their number');
    expect(screen.getByRole('button', { name: 'Share my number' })).toBeEnabled();
  });
});
