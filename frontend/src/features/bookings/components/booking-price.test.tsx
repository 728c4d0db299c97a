import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConversation, aListing, anOffer } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

/** The buyer's ("1") conversation about the ৳1,800 Yamaha, with `offer` its latest offer. */
function conversationWith(offer: ReturnType<typeof anOffer>) {
  return aConversation({ lastMessageAt: '2026-11-27T04:10:00Z', buyerReadUpTo: '11', sellerReadUpTo: '11', offer });
}

function server(conversations: unknown[]): FakeServer {
  return {
    ...signedInAs('buyer'),
    'GET /api/listings/p1': [200, aListing()],
    'GET /api/wishlist': [200, []],
    'GET /api/orders/buyer%40example.com': [200, []],
    'GET /api/conversations': [200, conversations],
  };
}

describe('the booking at an accepted offer', () => {
  it('opens from the conversation’s link and shows the accepted offer instead of the asking price', async () => {
    const accepted = anOffer({ status: 'accepted', answeredAt: '2026-11-27T05:00:00Z' });
    fakeServer(server([conversationWith(accepted)]));
    const { router } = renderApp('/products/p1?book=1');
    const dialog = await screen.findByRole('dialog', { name: 'Your Order' }, { timeout: 5000 });
    expect(await within(dialog).findByText('Your accepted offer: ৳1,500')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Price')).toHaveValue('৳1,500');
    expect(dialog).toHaveTextContent('Asking price ৳1,800');
    // The address drops the mark: going back does not open the booking again.
    expect(router.state.location.search).toBe('');
  });

  it('asks the listing’s price while no accepted offer holds', async () => {
    const lapsed = anOffer({ status: 'accepted', expiresAt: '2026-11-28T00:00:00Z' });
    fakeServer(server([conversationWith(lapsed)]));
    renderApp('/products/p1?book=1');
    const dialog = await screen.findByRole('dialog', { name: 'Your Order' }, { timeout: 5000 });
    expect(within(dialog).getByLabelText('Price')).toHaveValue('৳1,800');
    expect(within(dialog).queryByText(/Your accepted offer/)).toBeNull();
  });
});
