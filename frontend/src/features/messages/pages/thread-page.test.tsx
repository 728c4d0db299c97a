import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { seen } from '@/test/fixtures.ts';
import { fakeServer, holdFetchesOf, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';

const asked = aMessage();
const answered = aMessage({ _id: '11', from: '2', clientId: 'k11', text: 'Yes, come and see it.', sentAt: '2026-11-27T04:05:00Z' });

function server(overrides: FakeServer = {}): FakeServer {
  return {
    ...signedInAs('buyer'),
    'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '10', sellerReadUpTo: '10' })],
    'GET /api/conversations/c1/messages': [200, [asked, answered]],
    'POST /api/conversations/c1/read': (init) => {
      const { upTo } = JSON.parse(init.body as string) as { upTo: string };
      return [200, { upTo, events: [seen({ event: 'message.read', data: { conversationId: 'c1', by: '1', upTo } })] }];
    },
    ...overrides,
  };
}

const messagesList = () => screen.findByRole('list', { name: 'Messages' });

describe('a conversation', () => {
  it('shows the bike, the messages in Dhaka time, "Seen" under mine, and marks theirs read', async () => {
    const fetchMock = fakeServer(server());
    renderApp('/dashboard/messages/c1');
    expect(await screen.findByRole('link', { name: /Yamaha R15/ })).toHaveAttribute('href', '/products/p1');
    expect(screen.getByText('with Rahim Seller')).toBeInTheDocument();
    const list = await messagesList();
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Is it still available?');
    expect(items[0]).toHaveTextContent('Seen');
    expect(items[1]).toHaveTextContent('Yes, come and see it.');
    expect(items[1]).toHaveTextContent('Fri 27 Nov, 10:05 am');
    await expect.poll(() => fetchMock.mock.calls.find(([url]) => url === '/api/conversations/c1/read')?.[1]?.body).toBe(
      JSON.stringify({ upTo: '11' }),
    );
  });

  it('lets a reader whose address is unproven read, and asks for the mailed link where they would write', async () => {
    fakeServer({ ...server(), ...signedInAs('buyer', { emailVerified: false }) });
    renderApp('/dashboard/messages/c1');
    const list = await messagesList();
    expect(within(list).getByText('Yes, come and see it.')).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: 'Confirm your email address to write here' });
    expect(notice).toHaveTextContent('We sent a link to buyer@example.com.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /offer/i })).not.toBeInTheDocument();
  });

  it('shows what I send at once, then as sent', async () => {
    let body: { clientId: string; text: string } | null = null;
    fakeServer(
      server({
        'POST /api/conversations/c1/messages': (init) => {
          body = JSON.parse(init.body as string) as { clientId: string; text: string };
          const message = aMessage({ _id: '12', clientId: body.clientId, text: body.text, sentAt: '2026-11-27T04:10:00Z' });
          return [200, { message, events: [seen({ event: 'message.created', data: message })] }];
        },
      }),
    );
    renderApp('/dashboard/messages/c1');
    await messagesList();
    const release = holdFetchesOf('/api/conversations/c1/messages');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'What is your last price?{Enter}');
    const list = await messagesList();
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('What is your last price?Sending…');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    release();
    await expect.poll(() => within(list).queryByText('Sending…')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('What is your last price?Fri 27 Nov, 10:10 am');
    expect(body).toMatchObject({ text: 'What is your last price?' });
  });

  it('keeps a message that did not go, and a retry sends it with the same id', async () => {
    const sent: string[] = [];
    let fail = true;
    fakeServer(
      server({
        'POST /api/conversations/c1/messages': (init) => {
          const body = JSON.parse(init.body as string) as { clientId: string; text: string };
          sent.push(body.clientId);
          if (fail) return [503, { error: 'unavailable', message: 'Try again.' }];
          const message = aMessage({ _id: '12', clientId: body.clientId, text: body.text });
          return [200, { message, events: [seen({ event: 'message.created', data: message })] }];
        },
      }),
    );
    renderApp('/dashboard/messages/c1');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Can I see the papers?{Enter}');
    const retry = await screen.findByRole('button', { name: 'Not sent — Retry' });
    fail = false;
    await userEvent.click(retry);
    await expect.poll(() => screen.queryByRole('button', { name: 'Not sent — Retry' })).toBeNull();
    expect(await screen.findByText('Can I see the papers?')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
  });

  it('shows their new message and their read mark live', async () => {
    fakeServer(server({ 'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '11', sellerReadUpTo: '0' })] }));
    const { queryClient } = renderApp('/dashboard/messages/c1');
    const list = await messagesList();
    expect(within(list).queryByText('Seen')).toBeNull();
    act(() => {
      applyLiveEvent(queryClient, { event: 'message.read', data: { conversationId: 'c1', by: '2', upTo: '11' } });
    });
    await expect.poll(() => within(list).getAllByRole('listitem')[0]?.textContent).toContain('Seen');
    const more = aMessage({ _id: '13', from: '2', clientId: 'k13', text: 'Papers are all in order.' });
    act(() => {
      applyLiveEvent(queryClient, { event: 'message.created', data: more });
      applyLiveEvent(queryClient, { event: 'message.created', data: more });
    });
    expect(await within(list).findByText('Papers are all in order.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('loads older messages above the ones shown until there are no more', async () => {
    const newest = Array.from({ length: 50 }, (_, i) =>
      aMessage({ _id: String(100 + i), clientId: `k${String(100 + i)}`, text: `Message ${String(100 + i)}` }),
    );
    const older = [aMessage({ _id: '99', clientId: 'k99', text: 'The very first question' })];
    fakeServer(
      server({
        'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '149' })],
        'GET /api/conversations/c1/messages': [200, newest],
        'GET /api/conversations/c1/messages?before=100': [200, older],
      }),
    );
    renderApp('/dashboard/messages/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    const list = await messagesList();
    await expect.poll(() => within(list).getAllByRole('listitem')[0]?.textContent).toContain('The very first question');
    expect(within(list).getAllByRole('listitem')).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });
});
