import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationReport } from '@/lib/api/types.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';
import { anOffer } from '@/test/fixtures.ts';
import { aMessage } from '@/features/messages/test-conversations.ts';

function aReport(overrides: Partial<ConversationReport> = {}): ConversationReport {
  return {
    _id: 'r1',
    conversationId: 'c1',
    productId: 'p1',
    productName: 'Yamaha R15',
    buyerName: 'Karim Buyer',
    sellerName: 'Rahim Seller',
    reporterId: '1',
    reporterName: 'Karim Buyer',
    reason: 'money_first',
    note: 'Wants a bKash advance before I see the bike.',
    createdAt: '2026-11-27T04:30:00Z',
    ...overrides,
  };
}

const older = aReport({ _id: 'r0', conversationId: 'c0', productName: 'Honda CBR', reason: 'spam', note: '' });

const PAGE = '/dashboard/reported-conversations';

const reportNamed = (bike: string) => screen.findByRole('article', { name: `Report about ${bike}` });

describe('Reported conversations page', () => {
  it('lists each report: the bike, both sides, who reported, the reason in words, the note and when', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/reportedConversations': [200, [aReport(), older]] });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Reported conversations' })).toBeInTheDocument();
    const report = await reportNamed('Yamaha R15');
    expect(within(report).getByRole('link', { name: 'Yamaha R15' })).toHaveAttribute('href', '/products/p1');
    expect(report).toHaveTextContent('Between Karim Buyer (buyer) and Rahim Seller (seller)');
    expect(report).toHaveTextContent('Reported byKarim Buyer');
    expect(report).toHaveTextContent('ReasonAsks for money before meeting');
    expect(report).toHaveTextContent('Wants a bKash advance before I see the bike.');
    // 04:30 UTC is 10:30 am in Dhaka.
    expect(report).toHaveTextContent('Fri 27 Nov, 10:30 am');
    const spam = await reportNamed('Honda CBR');
    expect(spam).toHaveTextContent('ReasonSpam');
    expect(spam).not.toHaveTextContent('Note');
    expect(screen.getByRole('link', { name: 'Reported Conversations' })).toHaveAttribute('href', PAGE);
  });

  it.each([
    ['scam', 'Scam or fraud'],
    ['offensive', 'Offensive'],
    ['other', 'Other'],
  ])('words the reason %s as "%s"', async (reason, words) => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/reportedConversations': [200, [aReport({ reason })]] });
    renderApp(PAGE);
    expect(await reportNamed('Yamaha R15')).toHaveTextContent(`Reason${words}`);
  });

  it('says so when nothing is reported', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/reportedConversations': [200, []] });
    renderApp(PAGE);
    expect(await screen.findByText('No reported conversations')).toBeInTheDocument();
  });

  it('shows the server’s message when the queue cannot be read', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/reportedConversations': [500, { error: 'internal', message: 'Something went wrong on our side.' }],
    });
    renderApp(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('reads the conversation, the reporter’s messages marked, with no box to write in', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('admin'),
      'GET /api/reportedConversations': [200, [aReport()]],
      'GET /api/reportedConversations/c1/messages': [
        200,
        [
          aMessage({ _id: '10', from: '1', text: 'Is it still available?' }),
          aMessage({ _id: '11', from: '2', text: 'Send 2000 taka to my bKash first.' }),
          aMessage({ _id: '12', from: '1', text: null, offer: anOffer({ amount: 1500, by: 'buyer', status: 'declined' }) }),
        ],
      ],
    });
    renderApp(PAGE);
    const report = await reportNamed('Yamaha R15');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/reportedConversations/c1/messages', expect.anything());
    await userEvent.click(within(report).getByRole('button', { name: 'Read conversation' }));
    const messages = await within(report).findByRole('list', { name: 'Messages about Yamaha R15' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Is it still available\?.*Reporter$/),
      expect.stringMatching(/^Send 2000 taka to my bKash first\..*The other side$/),
      expect.stringMatching(/^Offer of ৳1,500 by the buyer · declined.*Reporter$/),
    ]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(report).getByRole('button', { name: 'Hide conversation' }));
    expect(within(report).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows why a conversation cannot be read', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/reportedConversations': [200, [aReport()]],
      'GET /api/reportedConversations/c1/messages': [404, { error: 'not_found', message: 'No such reported conversation.' }],
    });
    renderApp(PAGE);
    await userEvent.click(within(await reportNamed('Yamaha R15')).getByRole('button', { name: 'Read conversation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such reported conversation.');
  });

  it('puts a new report on top as it arrives, once', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/reportedConversations': [200, [older]] });
    const { queryClient } = renderApp(PAGE);
    await reportNamed('Honda CBR');
    const live = { event: 'conversation.reported', data: aReport() } as const;
    act(() => {
      applyLiveEvent(queryClient, live);
      applyLiveEvent(queryClient, live);
    });
    await reportNamed('Yamaha R15');
    const reports = within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('article');
    expect(reports.map((r) => r.getAttribute('aria-label'))).toEqual(['Report about Yamaha R15', 'Report about Honda CBR']);
    expect(screen.getByText('2 reports')).toBeInTheDocument();
  });
});
