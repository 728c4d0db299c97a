import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aListing, seen } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';

const bike = aListing();

describe('Message seller on a listing', () => {
  it('lets a buyer ask with one tap and opens the conversation', async () => {
    const sent: unknown[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/listings/p1': [200, bike],
      'GET /api/wishlist': [200, []],
      'POST /api/conversations': (init) => {
        const body = JSON.parse(init.body as string) as { text: string; clientId: string };
        sent.push(body);
        const message = aMessage({ text: body.text, clientId: body.clientId });
        return [200, { conversation: aConversation(), message, events: [seen({ event: 'message.created', data: message })] }];
      },
      'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '10' })],
      'GET /api/conversations/c1/messages': [200, [aMessage({ text: 'Is it still available?' })]],
    });
    const { router } = renderApp('/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Message seller' }));
    const panel = screen.getByRole('region', { name: 'Message the seller' });
    expect(within(panel).getByRole('button', { name: 'What is your last price?' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Can I see the papers?' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Is it still available?' }));
    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/messages/c1');
    expect(sent).toEqual([{ productId: 'p1', text: 'Is it still available?', clientId: expect.any(String) as string }]);
    expect(await screen.findByText('Is it still available?')).toBeInTheDocument();
  });

  it('sends a visitor to log in', async () => {
    fakeServer({ 'GET /api/listings/p1': [200, bike] });
    const { router } = renderApp('/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Message seller' }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
  });

  it('is not offered to a seller', async () => {
    fakeServer({ ...signedInAs('seller'), 'GET /api/listings/p1': [200, bike] });
    renderApp('/products/p1');
    expect(await screen.findByText('Only buyers can book bikes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
  });
});
