import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { seen } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';
import { CAUTIONS } from '@/features/messages/components/message-bubble.tsx';

const asked = aMessage();
const answered = aMessage({ _id: '11', from: '2', clientId: 'k11', text: 'Yes, come and see it.' });

function server(overrides: FakeServer = {}): FakeServer {
  return {
    ...signedInAs('buyer'),
    'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '11', sellerReadUpTo: '10', blocked: null })],
    'GET /api/conversations/c1/messages': [200, [asked, answered]],
    'POST /api/conversations/c1/read': (init) => [200, { ...(JSON.parse(init.body as string) as object), events: [] }],
    ...overrides,
  };
}

const blockedBy = (by: string | null) => seen({ event: 'conversation.updated', data: { conversationId: 'c1', blockedBy: by } });

async function choose(menu: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: menu }));
  await userEvent.click(screen.getByRole('menuitem', { name: item }));
}

describe('blocking in a conversation', () => {
  it('blocks the other side after asking, then offers to unblock', async () => {
    const calls: string[] = [];
    fakeServer(
      server({
        'POST /api/blocks': (init) => {
          calls.push(`block ${init.body as string}`);
          return [200, { userId: '2', events: [blockedBy('1')] }];
        },
        'DELETE /api/blocks/2': () => {
          calls.push('unblock');
          return [200, { userId: '2', events: [blockedBy(null)] }];
        },
      }),
    );
    renderApp('/dashboard/messages/c1');
    await choose('Conversation options', 'Block Rahim Seller');
    await answerConfirm(
      'Block Rahim Seller?',
      'You and Rahim Seller will not be able to write to each other until you unblock them.',
      'Block',
    );
    expect(await screen.findByText('You blocked Rahim Seller. Unblock to write again.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    await choose('Conversation options', 'Unblock Rahim Seller');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(calls).toEqual(['block {"userId":"2"}', 'unblock']);
  });

  it('tells the one blocked that they cannot reply, live', async () => {
    fakeServer(server());
    const { queryClient } = renderApp('/dashboard/messages/c1');
    await screen.findByRole('textbox', { name: 'Message' });
    act(() => {
      applyLiveEvent(queryClient, blockedBy('2'));
    });
    expect(await screen.findByText("You can't reply to this conversation.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('shows a conversation the server says is blocked by them without a box', async () => {
    fakeServer(server({ 'GET /api/conversations/c1': [200, aConversation({ blocked: 'byThem' })] }));
    renderApp('/dashboard/messages/c1');
    expect(await screen.findByText("You can't reply to this conversation.")).toBeInTheDocument();
  });
});

describe('reporting a conversation', () => {
  it('sends the reason picked and the note, and thanks the reporter', async () => {
    let body: unknown = null;
    fakeServer(
      server({
        'POST /api/conversations/c1/report': (init) => {
          body = JSON.parse(init.body as string);
          return [200, { reported: true, events: [] }];
        },
      }),
    );
    renderApp('/dashboard/messages/c1');
    await choose('Conversation options', 'Report conversation');
    const dialog = await screen.findByRole('alertdialog', { name: 'Report conversation' });
    for (const reason of ['Scam or fraud', 'Asks for money before meeting', 'Offensive', 'Spam', 'Other']) {
      expect(within(dialog).getByRole('button', { name: reason })).toHaveAttribute('aria-pressed', 'false');
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick what is wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asks for money before meeting' }));
    await userEvent.type(within(dialog).getByLabelText('Anything to add (optional)'), 'Wants a bKash deposit first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thanks — an admin will look at this conversation')).toBeInTheDocument();
    expect(body).toEqual({ reason: 'money_first', note: 'Wants a bKash deposit first' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says so when it was reported already', async () => {
    fakeServer(
      server({
        'POST /api/conversations/c1/report': [409, { error: 'conflict', message: 'You have reported this conversation already' }],
      }),
    );
    renderApp('/dashboard/messages/c1');
    await choose('Conversation options', 'Report conversation');
    const dialog = await screen.findByRole('alertdialog', { name: 'Report conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have reported this conversation already');
  });
});

describe('warnings and links', () => {
  it('cautions the reader of a message asking for money or giving a phone number, not its sender', async () => {
    fakeServer(
      server({
        'GET /api/conversations/c1/messages': [
          200,
          [
            aMessage({ _id: '10', text: 'Send the advance to my bKash', warning: 'money' }),
            aMessage({ _id: '11', from: '2', clientId: 'k11', text: 'Send 5000 bKash first', warning: 'money' }),
            aMessage({ _id: '12', from: '2', clientId: 'k12', text: 'Call 01711000000', warning: 'phone' }),
          ],
        ],
      }),
    );
    renderApp('/dashboard/messages/c1');
    const items = within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent(CAUTIONS.money);
    expect(items[1]).toHaveTextContent('Careful: never send money before you have seen the bike and its papers.');
    expect(items[2]).toHaveTextContent(
      'This message has a phone number. Meet in a public place and check the papers before you pay.',
    );
  });

  it('makes addresses links only once both sides have written', async () => {
    const link = aMessage({ _id: '12', from: '2', clientId: 'k12', text: 'Papers: https://example.com/papers.pdf.' });
    fakeServer(server({ 'GET /api/conversations/c1/messages': [200, [link]] }));
    const { queryClient } = renderApp('/dashboard/messages/c1');
    await screen.findByText('Papers: https://example.com/papers.pdf.');
    expect(screen.queryByRole('link', { name: 'https://example.com/papers.pdf' })).not.toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, { event: 'message.created', data: aMessage({ _id: '13', text: 'Thanks' }) });
    });
    const anchor = await screen.findByRole('link', { name: 'https://example.com/papers.pdf' });
    expect(anchor).toHaveAttribute('href', 'https://example.com/papers.pdf');
    expect(anchor).toHaveAttribute('target', '_blank');
    expect(anchor).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});

describe('delete for me', () => {
  it('asks, then takes the message out of my conversation', async () => {
    fakeServer(
      server({
        'DELETE /api/conversations/c1/messages/11': [
          200,
          { events: [seen({ event: 'message.hidden', data: { conversationId: 'c1', messageId: '11' } })] },
        ],
      }),
    );
    renderApp('/dashboard/messages/c1');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const theirs = within(list).getAllByRole('listitem')[1];
    if (!theirs) throw new Error('no second message');
    await userEvent.click(within(theirs).getByRole('button', { name: 'Message options' }));
    await userEvent.click(within(theirs).getByRole('menuitem', { name: 'Delete for me' }));
    await answerConfirm(
      'Delete this message for you?',
      'It disappears from your conversation. Rahim Seller still sees it.',
      'Delete for me',
    );
    await expect.poll(() => within(list).queryByText('Yes, come and see it.')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('takes it out when deleted in another tab', async () => {
    fakeServer(server());
    const { queryClient } = renderApp('/dashboard/messages/c1');
    const list = await screen.findByRole('list', { name: 'Messages' });
    act(() => {
      applyLiveEvent(queryClient, { event: 'message.hidden', data: { conversationId: 'c1', messageId: '10' } });
    });
    await expect.poll(() => within(list).queryByText('Is it still available?')).toBeNull();
  });
});
