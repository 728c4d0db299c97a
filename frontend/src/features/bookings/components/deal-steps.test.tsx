import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aBooking, modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, holdFetchesOf, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const BUYERS = 'GET /api/sellerOrders/seller%40example.com';
const ORDERS = 'GET /api/orders/buyer%40example.com';
const CASH_LINE = 'Nothing is charged now. Pay the seller in cash when you have checked the bike and its papers.';
const SAFETY = 'Meet in a public place. Check the bike and its papers before you hand over money or the code.';

const deal = (overrides: Partial<Booking> = {}): Booking => ({
  ...aBooking({ _id: 'o1', productName: 'Yamaha R15', buyerName: 'Rahim Uddin', sellerName: 'Karim Motors', price: 185000 }),
  method: null,
  completedAt: null,
  calledOffBy: null,
  ...overrides,
});
const cash = (overrides: Partial<Booking> = {}) => deal({ status: 'cash', method: 'cash', reservedUntil: null, ...overrides });
const changedTo = (booking: Booking) => modified({ event: 'deal.updated', data: booking });

function open(role: 'buyer' | 'seller', bookings: Booking[], server: FakeServer = {}) {
  const list = role === 'buyer' ? ORDERS : BUYERS;
  const fetchMock = fakeServer({ ...signedInAs(role), [list]: [200, bookings], ...server });
  return { fetchMock, ...renderApp(role === 'buyer' ? '/dashboard/my-orders' : '/dashboard/my-buyers') };
}

const row = () => screen.getByRole('row', { name: /Yamaha R15/ });
const bodyOf = (init: RequestInit): unknown => JSON.parse(init.body as string);

describe('paying cash at the meet-up', () => {
  it('is offered beside Pay Now, asked once more with the safety advice, and turns the deal to cash', async () => {
    let sent: unknown;
    const { fetchMock } = open('buyer', [deal()], {
      'POST /api/orders/o1/cash': (init) => {
        sent = bodyOf(init);
        return [200, changedTo(cash())];
      },
    });
    const choose = await screen.findByRole('button', { name: 'Pay cash at the meet-up' });
    expect(within(row()).getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
    expect(row()).toHaveTextContent(CASH_LINE);
    await userEvent.click(choose);
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay cash for Yamaha R15 at the meet-up?' });
    expect(dialog).toHaveAccessibleDescription(`${CASH_LINE} ${SAFETY}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay cash at the meet-up' }));
    expect(await screen.findByText('Karim Motors is told you will pay cash at the meet-up')).toBeInTheDocument();
    expect(sent).toEqual({});
    expect(row()).toHaveTextContent('Paying cash at the meet-up');
    expect(within(row()).getByRole('button', { name: 'Show handover code' })).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Call off' })).toBeInTheDocument();
    expect(within(row()).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call === ORDERS)).toHaveLength(1);
  });
});

describe('the handover code', () => {
  it('shows the buyer their six digits, and a new code once the seller’s wrong tries locked it', async () => {
    let made = false;
    open('buyer', [cash()], {
      'GET /api/orders/o1/handover-code': [200, { code: '481516', locked: true }],
      'POST /api/orders/o1/handover-code': () => {
        made = true;
        return [200, { code: '230842', locked: false }];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show handover code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Handover code for Yamaha R15' });
    expect(dialog).toHaveAccessibleDescription('Give this code to the seller only when you have the bike and its papers');
    expect(await within(dialog).findByText('481516')).toBeInTheDocument();
    expect(within(dialog).getByText(SAFETY)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'New code' }));
    expect(await within(dialog).findByText('230842')).toBeInTheDocument();
    expect(made).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'New code' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('reads the code afresh each time it is shown: one locked meanwhile never shows as it was', async () => {
    let answer = { code: '481516', locked: false };
    open('buyer', [cash()], { 'GET /api/orders/o1/handover-code': () => [200, answer] });
    await userEvent.click(await screen.findByRole('button', { name: 'Show handover code' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Handover code for Yamaha R15' });
    expect(await within(dialog).findByText('481516')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    answer = { code: '481516', locked: true };
    const release = holdFetchesOf('/api/orders/o1/handover-code');
    await userEvent.click(screen.getByRole('button', { name: 'Show handover code' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Handover code for Yamaha R15' });
    // While it is read: a spinner, never the code as it was.
    expect(within(dialog).getByRole('status', { name: 'Loading your code' })).toBeInTheDocument();
    expect(within(dialog).queryByText('481516')).not.toBeInTheDocument();
    release();
    expect(await within(dialog).findByRole('button', { name: 'New code' })).toBeInTheDocument();
  });

  it("is entered by the seller: a wrong code says so under the field, the buyer's completes the sale", async () => {
    const sent: unknown[] = [];
    let answer: [number, unknown] = [
      422,
      { error: 'validation', message: 'Check the code', fields: { code: 'That is not the code: 4 tries left' } },
    ];
    open('seller', [cash()], {
      'POST /api/orders/o1/handover': (init) => {
        sent.push(bodyOf(init));
        return answer;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enter handover code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hand over Yamaha R15 to Rahim Uddin?' });
    const code = within(dialog).getByLabelText('Handover code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await within(dialog).findByText('Enter the six digits the buyer shows you')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(code, '3456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await within(dialog).findByText('That is not the code: 4 tries left')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    answer = [409, { error: 'conflict', message: 'Too many wrong codes: ask the buyer for a new one.' }];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await within(dialog).findByText('Too many wrong codes: ask the buyer for a new one.')).toBeInTheDocument();

    answer = [200, changedTo(cash({ status: 'completed', availability: 'sold', completedAt: '2026-11-27T11:30:00Z' }))];
    await userEvent.clear(code);
    await userEvent.type(code, '230842');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Yamaha R15 handed over: the sale is recorded')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ code: '230842' });
    expect(row()).toHaveTextContent('Completed');
    expect(within(row()).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/dashboard/receipts/o1');
    expect(within(row()).queryByRole('button', { name: 'Enter handover code' })).not.toBeInTheDocument();
  });
});

describe('a completed deal', () => {
  it("follows the seller's handover live on My Orders: Completed, how it was paid, and the receipt", async () => {
    const { queryClient } = open('buyer', [cash()]);
    await screen.findByRole('button', { name: 'Show handover code' });
    act(() => {
      applyLiveEvent(queryClient, { event: 'deal.updated', data: cash({ status: 'completed', availability: 'sold' }) });
    });
    await waitFor(() => {
      expect(row()).toHaveTextContent('Completed');
    });
    expect(row()).toHaveTextContent('Paid in cash');
    expect(within(row()).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/dashboard/receipts/o1');
    expect(within(row()).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('calling a deal off', () => {
  it('takes a quick reason or a written one, and says who called it off', async () => {
    let sent: unknown;
    open('buyer', [cash()], {
      'POST /api/orders/o1/call-off': (init) => {
        sent = bodyOf(init);
        return [200, changedTo(cash({ status: 'called_off', reason: 'Papers missing', calledOffBy: 'buyer' }))];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Call off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Call off the deal for Yamaha R15?' });
    expect(dialog).toHaveAccessibleDescription('Karim Motors is told at once, with your reason.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Call off' }));
    expect(await within(dialog).findByText('Tell the seller why')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Papers missing' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Papers missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Call off' }));
    expect(await screen.findByText('Deal called off')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Papers missing' });
    expect(row()).toHaveTextContent('Called off by the buyer: Papers missing');
    expect(within(row()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is offered to the seller of a cash deal too', async () => {
    open('seller', [cash({ calledOffBy: null })]);
    await screen.findByRole('button', { name: 'Enter handover code' });
    await userEvent.click(within(row()).getByRole('button', { name: 'Call off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Call off the deal for Yamaha R15?' });
    expect(within(dialog).getByRole('button', { name: 'Did not come' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Rahim Uddin is told at once, with your reason.');
  });
});

describe('the receipt', () => {
  /** Opens the receipt of o1 as `role`, served as `fields`; returns it and its lines, "term: value". */
  async function openReceipt(role: 'buyer' | 'seller', fields: Record<string, unknown>) {
    fakeServer({
      ...signedInAs(role),
      'GET /api/orders/o1/receipt': [
        200,
        {
          bookingId: 'o1',
          listingId: 'p1',
          name: 'Yamaha R15',
          price: 185000,
          completedAt: '2026-11-27T11:30:00Z',
          buyerName: 'Rahim Uddin',
          sellerName: 'Karim Motors',
          meetingPlace: 'Banani 11',
          ...fields,
        },
      ],
    });
    renderApp('/dashboard/receipts/o1');
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    const lines = within(receipt)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
    return { receipt, lines };
  }

  it('names the bike, the price, how and when it was paid, and both sides', async () => {
    const { receipt, lines } = await openReceipt('buyer', { method: 'cash' });
    expect(lines).toEqual([
      'Bike: Yamaha R15',
      'Price: ৳1,85,000',
      'Paid by: Cash at the meet-up',
      'Handed over: Fri 27 Nov 2026, 5:30 pm',
      'Buyer: Rahim Uddin',
      'Seller: Karim Motors',
      'Where: Banani 11',
    ]);
    expect(within(receipt).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('of a deal with a deposit shows the deposit by card or bKash and the rest in cash', async () => {
    const { lines } = await openReceipt('seller', { method: 'bkash', deposit: 20000, inCash: 165000 });
    expect(lines.slice(0, 5)).toEqual([
      'Bike: Yamaha R15',
      'Price: ৳1,85,000',
      'Paid by: bKash deposit, the rest in cash',
      'Deposit by bKash: ৳20,000',
      'In cash at the handover: ৳1,65,000',
    ]);
  });

  it("says so when the deal is not completed", async () => {
    fakeServer({
      ...signedInAs('seller'),
      'GET /api/orders/o1/receipt': [409, { error: 'conflict', message: 'This deal is not completed yet.' }],
    });
    renderApp('/dashboard/receipts/o1');
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('This deal is not completed yet.');
    });
  });
});
