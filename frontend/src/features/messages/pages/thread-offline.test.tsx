import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveOpened, liveTyping, setLiveSender } from '@/lib/live/live-channel.ts';
import { seen } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';

const asked = aMessage();
const answered = aMessage({ _id: '11', from: '2', clientId: 'k11', text: 'Yes, come and see it.' });

/** The server, keeping each message once by its sender's id as the real one does; `posts` lists every send. */
function server(posts: { clientId: string; text?: string; image?: string }[], overrides: FakeServer = {}): FakeServer {
  const kept = new Map<string, string>();
  return {
    ...signedInAs('buyer'),
    'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '11', sellerReadUpTo: '10' })],
    'GET /api/conversations/c1/messages': [200, [asked, answered]],
    'POST /api/conversations/c1/messages': (init) => {
      const body = JSON.parse(init.body as string) as { clientId: string; text?: string; image?: string };
      posts.push(body);
      const id = kept.get(body.clientId) ?? String(20 + kept.size);
      kept.set(body.clientId, id);
      const message = aMessage({ _id: id, clientId: body.clientId, text: body.text ?? null, image: body.image ?? null });
      return [200, { message, events: [seen({ event: 'message.created', data: message })] }];
    },
    ...overrides,
  };
}

/** The network is gone for the page's sends until `back()`. */
function dropSends(): { back: () => void } {
  const answer = globalThis.fetch;
  let offline = true;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    offline && init?.method === 'POST' && input.endsWith('/messages')
      ? Promise.reject(new TypeError('Failed to fetch'))
      : answer(input, init),
  );
  return {
    back: () => {
      offline = false;
    },
  };
}

const list = () => screen.findByRole('list', { name: 'Messages' });

describe('a message written without a connection', () => {
  afterEach(() => {
    setLiveSender(null);
  });

  it('waits for the connection, then goes once when the browser is back online', async () => {
    const posts: { clientId: string; text?: string }[] = [];
    fakeServer(server(posts));
    renderApp('/dashboard/messages/c1');
    await list();
    const network = dropSends();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Can I come at 6?{Enter}');
    const messages = await list();
    await within(messages).findByText('Waiting for connection');
    expect(within(messages).getAllByRole('listitem').at(-1)).toHaveTextContent('Can I come at 6?');
    network.back();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await expect.poll(() => within(messages).queryByText('Waiting for connection')).toBeNull();
    expect(within(messages).getAllByText('Can I come at 6?')).toHaveLength(1);
    expect(posts).toEqual([{ clientId: expect.any(String) as string, text: 'Can I come at 6?' }]);
  });

  it('goes after a reload, and when the live socket reconnects, with the id it was written with', async () => {
    localStorage.setItem('outbox:1:c1', JSON.stringify([{ clientId: 'w1', text: 'Written on the bus' }]));
    const posts: { clientId: string }[] = [];
    fakeServer(server(posts));
    const network = dropSends();
    renderApp('/dashboard/messages/c1');
    const messages = await list();
    await within(messages).findByText('Waiting for connection');
    network.back();
    act(() => {
      liveOpened();
    });
    await within(messages).findByText('Written on the bus');
    await expect.poll(() => within(messages).queryByText('Waiting for connection')).toBeNull();
    expect(posts).toEqual([{ clientId: 'w1', text: 'Written on the bus' }]);
    expect(localStorage.getItem('outbox:1:c1')).toBeNull();
  });

  it('shows the server’s refusal with a retry, or removes the message', async () => {
    fakeServer(
      server([], {
        'POST /api/conversations/c1/messages': [429, { error: 'too_many_requests', message: 'Slow down: too many messages.' }],
      }),
    );
    renderApp('/dashboard/messages/c1');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello?{Enter}');
    expect(await screen.findByText('Slow down: too many messages.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not sent — Retry' })).toBeInTheDocument();
    expect(localStorage.getItem('outbox:1:c1')).toContain('Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('Hello?')).not.toBeInTheDocument();
    expect(localStorage.getItem('outbox:1:c1')).toBeNull();
  });
});

describe('a photo in the conversation', () => {
  it('uploads, then goes as a message with its address', async () => {
    const posts: { clientId: string; image?: string }[] = [];
    fakeServer(server(posts, { 'POST /api/uploads': [201, { success: true, data: { display_url: '/uploads/side.jpg' } }] }));
    renderApp('/dashboard/messages/c1');
    await list();
    await userEvent.upload(screen.getByLabelText('Attach a photo'), new File(['jpeg'], 'side.jpg', { type: 'image/jpeg' }));
    await screen.findByText('Ready to send');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const messages = await list();
    await expect.poll(() => within(messages).getAllByRole('img', { name: 'Photo sent in the conversation' }).length).toBe(1);
    expect(within(messages).getByRole('img', { name: 'Photo sent in the conversation' })).toHaveAttribute('src', '/uploads/side.jpg');
    expect(posts).toEqual([{ clientId: expect.any(String) as string, image: '/uploads/side.jpg' }]);
  });
});

describe('typing', () => {
  it('shows the other side typing for 5 s after each signal, and tells mine at most every 3 s', async () => {
    fakeServer(server([]));
    renderApp('/dashboard/messages/c1');
    await list();
    const frames: unknown[] = [];
    setLiveSender((frame) => {
      frames.push(frame);
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Is the');
    expect(frames).toEqual([{ type: 'typing', conversationId: 'c1' }]);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      act(() => {
        liveTyping({ conversationId: 'c1', from: '1' });
        liveTyping({ conversationId: 'c2', from: '2' });
      });
      expect(screen.queryByText('Rahim Seller is typing…')).not.toBeInTheDocument();
      act(() => {
        liveTyping({ conversationId: 'c1', from: '2' });
      });
      expect(screen.getByText('Rahim Seller is typing…')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(4_000);
      });
      expect(screen.getByText('Rahim Seller is typing…')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      expect(screen.queryByText('Rahim Seller is typing…')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
