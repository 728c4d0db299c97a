import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { anOffer, seen } from '@/test/fixtures.ts';
import { fakeServer, holdFetchesOf, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';
import { OfferCard, offerStatusLine, offerSummary } from './offer-card.tsx';

// The buyer ("1") offered ৳1,500; the seller ("2") countered with ৳1,650.
const mine = anOffer({ status: 'countered', answeredAt: '2026-11-27T05:00:00Z' });
const theirs = anOffer({ _id: 'f2', by: 'seller', amount: 1650, madeAt: '2026-11-27T05:00:00Z' });
const offered = aMessage({ _id: '11', clientId: 'k11', text: null, offer: mine, sentAt: mine.madeAt });
const countered = aMessage({ _id: '12', from: '2', clientId: 'k12', text: null, offer: theirs, sentAt: theirs.madeAt });

function buyerServer(overrides: FakeServer = {}): FakeServer {
  return {
    ...signedInAs('buyer'),
    'GET /api/conversations/c1': [200, aConversation({ offer: theirs, buyerReadUpTo: '12' })],
    'GET /api/conversations/c1/messages': [200, [offered, countered]],
    ...overrides,
  };
}

const cards = async () => within(await screen.findByRole('list', { name: 'Messages' })).findAllByRole('article');

/** The offer card at `index`, oldest first. */
async function card(index: number): Promise<HTMLElement> {
  const found = (await cards())[index];
  if (!found) throw new Error(`No offer card ${String(index)}`);
  return found;
}

describe('offer cards in a conversation', () => {
  it('show the amount, whose offer it is and where it stands; the other side may answer an open one', async () => {
    fakeServer(buyerServer());
    renderApp('/dashboard/messages/c1');
    const [first, second] = [await card(0), await card(1)];
    expect(first).toHaveTextContent('Offer from you');
    expect(first).toHaveTextContent('৳1,500');
    expect(within(first).getByTestId('offer-status')).toHaveTextContent('Countered');
    expect(within(first).queryByRole('button')).toBeNull();
    expect(second).toHaveTextContent('Offer from Rahim Seller');
    expect(second).toHaveTextContent('৳1,650');
    expect(within(second).getByTestId('offer-status')).toHaveTextContent(/^Waiting for an answer · lapses in \d+h$/);
    for (const name of ['Accept', 'Counter', 'Decline']) expect(within(second).getByRole('button', { name })).toBeEnabled();
  });

  it('accepting waits with every button disabled, then offers the buyer to book at the price', async () => {
    const accepted = { ...theirs, status: 'accepted' as const, answeredAt: '2026-11-27T06:00:00Z' };
    fakeServer(
      buyerServer({
        'POST /api/offers/f2/accept': [200, { offer: accepted, events: [seen({ event: 'offer.updated', data: { offer: accepted } })] }],
      }),
    );
    renderApp('/dashboard/messages/c1');
    const offer = await card(1);
    const release = holdFetchesOf('/api/offers/f2/accept');
    await userEvent.click(within(offer).getByRole('button', { name: 'Accept' }));
    expect(within(offer).getByRole('button', { name: 'Accepting…' })).toBeDisabled();
    expect(within(offer).getByRole('button', { name: 'Decline' })).toBeDisabled();
    release();
    expect(await within(offer).findByText('Accepted')).toBeInTheDocument();
    expect(within(offer).getByRole('link', { name: 'Book at ৳1,650' })).toHaveAttribute('href', '/products/p1?book=1');
    expect(within(offer).queryByRole('button', { name: 'Decline' })).toBeNull();
    // The buyer's accepted offer holds: no new offer until it is booked or lapses.
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });

  it('shows a refusal in the card and lets the reader try again', async () => {
    fakeServer(buyerServer({ 'POST /api/offers/f2/decline': [409, { error: 'conflict', message: 'This offer was already answered' }] }));
    renderApp('/dashboard/messages/c1');
    const offer = await card(1);
    await userEvent.click(within(offer).getByRole('button', { name: 'Decline' }));
    expect(await within(offer).findByRole('alert')).toHaveTextContent('This offer was already answered');
    expect(within(offer).getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('a seller counters with an amount below the asking price; the new offer shows and the old one says Countered', async () => {
    const open = anOffer();
    let body: { amount: number; clientId: string } | null = null;
    const asSeller = aConversation({ buyerId: '2', buyerName: 'Karim Buyer', sellerId: '1', offer: open });
    fakeServer({
      ...signedInAs('seller'),
      'GET /api/conversations/c1': [200, asSeller],
      'GET /api/conversations/c1/messages': [200, [aMessage({ _id: '11', from: '2', text: null, offer: open })]],
      'POST /api/conversations/c1/read': [200, { upTo: '11', events: [] }],
      'POST /api/offers/f1/counter': (init) => {
        body = JSON.parse(init.body as string) as { amount: number; clientId: string };
        const counter = anOffer({ _id: 'f2', by: 'seller', amount: body.amount, madeAt: '2026-11-27T05:00:00Z' });
        const message = aMessage({ _id: '12', from: '1', clientId: body.clientId, text: null, offer: counter, sentAt: counter.madeAt });
        const events = [
          seen({ event: 'offer.updated', data: { offer: { ...open, status: 'countered' } } }),
          seen({ event: 'message.created', data: message }),
        ];
        return [200, { message, offer: counter, events }];
      },
    });
    renderApp('/dashboard/messages/c1');
    const offer = await card(0);
    expect(offer).toHaveTextContent('Offer from Karim Buyer');
    // A seller counters; they do not open the bargaining.
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
    await userEvent.click(within(offer).getByRole('button', { name: 'Counter' }));
    const amount = within(offer).getByRole('textbox', { name: 'Your counter (৳)' });
    expect(amount).toHaveAccessibleDescription('Asking price ৳1,800');
    await userEvent.type(amount, '1,800{Enter}');
    expect(within(offer).getByRole('alert')).toHaveTextContent('An offer must be less than the asking price');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0{Enter}');
    expect(within(offer).getByRole('alert')).toHaveTextContent('Offer an amount in taka');
    expect(body).toBeNull();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,650{Enter}');

    await expect.poll(async () => (await cards()).length).toBe(2);
    expect(within(await card(0)).getByTestId('offer-status')).toHaveTextContent('Countered');
    expect(await card(1)).toHaveTextContent('Offer from you');
    expect(await card(1)).toHaveTextContent('৳1,650');
    expect(body).toEqual({ amount: 1650, clientId: expect.any(String) as string });
  });

  it('updates live when the other side answers', async () => {
    fakeServer(buyerServer({ 'GET /api/conversations/c1/messages': [200, [offered, { ...countered, from: '1', offer: { ...theirs, by: 'buyer' } }]] }));
    const { queryClient } = renderApp('/dashboard/messages/c1');
    const offer = await card(1);
    act(() => {
      applyLiveEvent(queryClient, { event: 'offer.updated', data: { offer: { ...theirs, by: 'buyer', status: 'declined' } } });
    });
    expect(await within(offer).findByText('Declined')).toBeInTheDocument();
  });
});

describe('Make an offer', () => {
  const plain = (overrides: FakeServer = {}) =>
    buyerServer({
      'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '10' })],
      'GET /api/conversations/c1/messages': [200, [aMessage()]],
      ...overrides,
    });

  it('checks the amount as the server does, shows its refusal inline, and sends the offer', async () => {
    let body: { amount: number; clientId: string } | null = null;
    let fixed = true;
    fakeServer(
      plain({
        'POST /api/conversations/c1/offers': (init) => {
          body = JSON.parse(init.body as string) as { amount: number; clientId: string };
          if (fixed) return [409, { error: 'conflict', message: "This seller's price is fixed" }];
          const offer = anOffer({ amount: body.amount });
          const message = aMessage({ _id: '11', clientId: body.clientId, text: null, offer, sentAt: offer.madeAt });
          return [200, { message, offer, events: [seen({ event: 'message.created', data: message })] }];
        },
      }),
    );
    renderApp('/dashboard/messages/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const form = screen.getByRole('region', { name: 'Make an offer' });
    const amount = within(form).getByRole('textbox', { name: 'Your offer (৳)' });
    expect(form).toHaveTextContent('Asking price ৳1,800');
    await userEvent.type(amount, '2,00,000{Enter}');
    expect(within(form).getByRole('alert')).toHaveTextContent('An offer must be less than the asking price');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1500{Enter}');
    expect(await within(form).findByText("This seller's price is fixed")).toBeInTheDocument();
    const firstTry: unknown = body;
    fixed = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    // The same amount again is the same offer.
    await expect.poll(async () => (await cards()).length).toBe(1);
    expect(body).toEqual(firstTry);
    expect(await card(0)).toHaveTextContent('Offer from you');
    expect(screen.queryByRole('region', { name: 'Make an offer' })).toBeNull();
  });

  it('is not offered on a fixed price', async () => {
    fakeServer(plain({ 'GET /api/conversations/c1': [200, aConversation({ negotiable: false })] }));
    renderApp('/dashboard/messages/c1');
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });
});

describe('offerStatusLine', () => {
  const now = Date.parse('2026-11-27T06:00:00Z');
  it.each([
    [{ status: 'open', expiresAt: '2026-11-29T04:10:00Z' }, 'Waiting for an answer · lapses in 46h'],
    [{ status: 'open', expiresAt: '2026-11-27T06:20:00Z' }, 'Waiting for an answer · lapses in 20m'],
    [{ status: 'open', expiresAt: '2026-11-27T05:00:00Z' }, 'Lapsed'],
    [{ status: 'accepted' }, 'Accepted'],
    [{ status: 'declined' }, 'Declined'],
    [{ status: 'countered' }, 'Countered'],
    [{ status: 'replaced' }, 'Replaced by a newer offer'],
    [{ status: 'booked' }, 'Booked'],
    [{ status: 'lapsed' }, 'Lapsed'],
  ] as const)('%o reads %s', (fields, line) => {
    expect(offerStatusLine(anOffer(fields), now)).toBe(line);
  });
});

describe('an open offer card on an open page', () => {
  it('counts "lapses in" down every minute, reads lapsed once its time passes, and stops its clock when it goes', () => {
    const now = Date.parse('2026-11-27T06:00:00Z');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(now);
    try {
      const offer = anOffer({ expiresAt: new Date(now + 2 * 3_600_000).toISOString() });
      const { unmount } = render(
        <ul>
          <OfferCard offer={offer} mine={false} sentAt={offer.madeAt} />
        </ul>,
      );
      const status = screen.getByTestId('offer-status');
      expect(status).toHaveTextContent('Waiting for an answer · lapses in 2h');
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(status).toHaveTextContent('Waiting for an answer · lapses in 1h');
      act(() => {
        vi.advanceTimersByTime(60 * 60_000);
      });
      expect(status).toHaveTextContent('Waiting for an answer · lapses in 59m');
      act(() => {
        vi.advanceTimersByTime(59 * 60_000);
      });
      expect(status).toHaveTextContent(/^Lapsed$/);
      unmount();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('offerSummary', () => {
  const now = Date.parse('2026-11-27T06:00:00Z');
  const holding = { expiresAt: '2026-11-29T04:10:00Z', amount: 145000 };
  it.each([
    [{ status: 'open', ...holding }, false, 'Offer ৳1,45,000 · waiting for you · lapses in 46h'],
    [{ status: 'open', ...holding }, true, 'Your offer ৳1,45,000 · waiting for an answer · lapses in 46h'],
    [{ status: 'accepted', ...holding }, true, 'Accepted ৳1,45,000 · lapses in 46h'],
    [{ status: 'accepted', amount: 145000, expiresAt: '2026-11-27T05:00:00Z' }, false, 'Lapsed ৳1,45,000'],
    [{ status: 'declined', amount: 145000 }, true, 'Declined ৳1,45,000'],
    [{ status: 'booked', amount: 145000 }, false, 'Booked ৳1,45,000'],
  ] as const)('%o (mine: %s) reads %s', (fields, mine, line) => {
    expect(offerSummary(anOffer(fields), mine, now)).toBe(line);
  });
});
