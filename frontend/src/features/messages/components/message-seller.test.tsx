import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aListing, seen } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer, type Reply } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';
import { WAITING_OPENER } from './message-seller.tsx';

const bike = aListing();

/** The server's answer to opening the conversation with a question: the conversation and
 * the message sent, each question kept in `sent`. */
function opens(sent: { text: string; clientId: string }[]) {
  return (init: RequestInit): Reply => {
    const body = JSON.parse(init.body as string) as { text: string; clientId: string };
    sent.push(body);
    const message = aMessage({ text: body.text, clientId: body.clientId });
    return [200, { conversation: aConversation(), message, events: [seen({ event: 'message.created', data: message })] }];
  };
}

describe('Message seller on a listing', () => {
  it('lets a buyer ask with one tap and opens the conversation', async () => {
    const sent: { text: string; clientId: string }[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/listings/p1': [200, bike],
      'GET /api/wishlist': [200, []],
      'POST /api/conversations': opens(sent),
      'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '10' })],
      'GET /api/conversations/c1/messages': [200, [aMessage({ text: 'Is it still available?' })]],
    });
    const { router } = renderApp('/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Message seller' }));
    const panel = screen.getByRole('region', { name: 'Message the seller' });
    expect(within(panel).getByRole('button', { name: 'What is your last price?' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Can I see the papers?' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Is it still available?' }));
    await expect.poll(() => router.state.location.pathname, { timeout: 5000 }).toBe('/dashboard/messages/c1');
    expect(sent).toEqual([{ productId: 'p1', text: 'Is it still available?', clientId: expect.any(String) as string }]);
    const messages = await screen.findByRole('list', { name: 'Messages' }, { timeout: 5000 });
    expect(within(messages).getByText('Is it still available?')).toBeInTheDocument();
  });

  it('asks a buyer whose address is unproven to open the mailed link instead of the questions', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('buyer', { emailVerified: false }),
      'GET /api/listings/p1': [200, bike],
      'GET /api/wishlist': [200, []],
    });
    renderApp('/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Message seller' }));
    const panel = screen.getByRole('region', { name: 'Message the seller' });
    const notice = within(panel).getByRole('region', { name: 'Confirm your email address to write to the seller' });
    expect(notice).toHaveTextContent('We sent a link to buyer@example.com.');
    expect(within(panel).queryByRole('button', { name: 'Is it still available?' })).not.toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/conversations')).toBe(false);
  });

  it('sends a visitor to log in with the question they picked', async () => {
    fakeServer({ 'GET /api/listings/p1': [200, bike] });
    const { router } = renderApp('/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Message seller' }));
    const panel = screen.getByRole('region', { name: 'Message the seller' });
    expect(panel).toHaveTextContent('Pick your question, log in, and it goes to the seller.');
    await userEvent.click(within(panel).getByRole('button', { name: 'What is your last price?' }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(JSON.parse(sessionStorage.getItem(WAITING_OPENER) ?? 'null')).toMatchObject({
      productId: 'p1',
      text: 'What is your last price?',
      clientId: expect.any(String) as string,
    });
  });

  // Logging in, coming back and sending go through the whole app: slow on a busy machine.
  it("sends a visitor's question once after they log in, and lands them in the conversation", async () => {
    const user = { _id: '1', name: 'Karim Buyer', email: 'karim@example.com', image: '/uploads/k.png', role: 'buyer', emailVerified: true };
    const sent: { text: string; clientId: string }[] = [];
    fakeServer({
      'GET /api/listings/p1': [200, bike],
      'GET /api/wishlist': [200, []],
      'GET /api/notifications': [200, { unread: 0, notifications: [] }],
      'POST /api/auth/login': [200, { idToken: 'identity' }],
      'PUT /api/users/karim%40example.com': [200, { token: 'access', user }],
      'GET /api/users/karim%40example.com': [200, user],
      'POST /api/conversations': opens(sent),
      'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '10' })],
      'GET /api/conversations/c1/messages': [200, [aMessage({ text: 'What is your last price?' })]],
      'GET /api/conversations': [200, [aConversation()]],
    });
    const { router } = renderApp('/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Message seller' }));
    await userEvent.click(screen.getByRole('button', { name: 'What is your last price?' }));
    const { clientId } = JSON.parse(sessionStorage.getItem(WAITING_OPENER) ?? '{}') as { clientId: string };

    await userEvent.type(await screen.findByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await expect.poll(() => router.state.location.pathname, { timeout: 5000 }).toBe('/dashboard/messages/c1');
    expect(sent).toEqual([{ productId: 'p1', text: 'What is your last price?', clientId }]);
    expect(sessionStorage.getItem(WAITING_OPENER)).toBeNull();
    // The conversation's page is a chunk of its own, loaded the first time it is opened;
    // until it shows, the bike's page (with the same question on a button) stays.
    const messages = await screen.findByRole('list', { name: 'Messages' }, { timeout: 5000 });
    expect(within(messages).getByText('What is your last price?')).toBeInTheDocument();
    // Back on the bike's page, nothing more goes.
    await router.navigate('/products/p1');
    expect(await screen.findByRole('button', { name: 'Message seller' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  }, 15_000);

  it('sends a question again with the id it waited with, and not one left from long ago', async () => {
    const sent: { clientId: string }[] = [];
    const server: FakeServer = {
      ...signedInAs('buyer'),
      'GET /api/listings/p1': [200, bike],
      'GET /api/wishlist': [200, []],
      'POST /api/conversations': (init) => {
        sent.push(JSON.parse(init.body as string) as { clientId: string });
        return [500, { error: 'internal', message: 'Something went wrong' }];
      },
    };
    sessionStorage.setItem(
      WAITING_OPENER,
      JSON.stringify({ productId: 'p1', text: 'Is it still available?', clientId: 'w1', at: Date.now() - 31 * 60_000 }),
    );
    fakeServer(server);
    const first = renderApp('/products/p1');
    expect(await screen.findByRole('button', { name: 'Message seller' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    first.unmount();

    sessionStorage.setItem(
      WAITING_OPENER,
      JSON.stringify({ productId: 'p1', text: 'Is it still available?', clientId: 'w2', at: Date.now() }),
    );
    renderApp('/products/p1');
    const panel = await screen.findByRole('region', { name: 'Message the seller' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Not sent: Something went wrong');
    expect(sessionStorage.getItem(WAITING_OPENER)).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await expect.poll(() => sent.map((body) => body.clientId)).toEqual(['w2', 'w2']);
  });

  it('is not offered to the bike’s own seller', async () => {
    fakeServer({ ...signedInAs('seller'), 'GET /api/listings/p1': [200, { ...bike, sellerId: '1' }] });
    renderApp('/products/p1');
    expect(await screen.findByText(/This is your bike\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
  });

  it("opens ready to ask, the first question focused, when a card's Message seller led here", async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/listings/p1': [200, bike], 'GET /api/wishlist': [200, []] });
    const { router } = renderApp('/products/p1?ask=1');
    const panel = await screen.findByRole('region', { name: 'Message the seller' });
    const first = within(panel).getByRole('button', { name: 'Is it still available?' });
    await expect.poll(() => document.activeElement).toBe(first);
    // The address drops the mark, so going back or reloading does not open it again.
    await expect.poll(() => router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/products/p1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
  });

  it('opens ready to ask for a visitor from a card too, who picks, then logs in', async () => {
    fakeServer({ 'GET /api/listings/p1': [200, bike] });
    renderApp('/products/p1?ask=1');
    const panel = await screen.findByRole('region', { name: 'Message the seller' });
    expect(panel).toHaveTextContent('Pick your question, log in, and it goes to the seller.');
    await expect.poll(() => document.activeElement).toBe(within(panel).getByRole('button', { name: 'Is it still available?' }));
  });

  it('stays closed without the mark', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/listings/p1': [200, bike], 'GET /api/wishlist': [200, []] });
    renderApp('/products/p1?from=search');
    expect(await screen.findByRole('button', { name: 'Message seller' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Message the seller' })).not.toBeInTheDocument();
  });
});

