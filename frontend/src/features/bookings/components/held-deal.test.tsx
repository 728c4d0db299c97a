import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { aBooking, modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const BUYERS = 'GET /api/sellerOrders/seller%40example.com';
const ORDERS = 'GET /api/orders/buyer%40example.com';
const PENDING =
  'The code is right, but the card provider has not answered yet: the deal completes as soon as it does. Nothing more to enter.';
const GONE =
  "The buyer's card hold ended before the handover (it expired or was cancelled): nothing was charged, and this deal is over.";

/** Paid by card on Fri 27 Nov at 5:30 pm in Dhaka: the hold is released by itself six days later. */
const held = (overrides: Partial<Booking> = {}): Booking => ({
  ...aBooking({ _id: 'o1', productName: 'Yamaha R15', buyerName: 'Rahim Uddin', sellerName: 'Karim Motors', price: 185000 }),
  status: 'held',
  paid: true,
  method: 'card',
  availability: 'sold',
  reservedUntil: '2026-12-03T11:30:00Z',
  completedAt: null,
  calledOffBy: null,
  meeting: null,
  ...overrides,
});

function open(role: 'buyer' | 'seller', bookings: Booking[], server: FakeServer = {}) {
  const list = role === 'buyer' ? ORDERS : BUYERS;
  const fetchMock = fakeServer({ ...signedInAs(role), [list]: [200, bookings], ...server });
  return { fetchMock, ...renderApp(role === 'buyer' ? '/dashboard/my-orders' : '/dashboard/my-buyers') };
}

const row = () => screen.getByRole('row', { name: /Yamaha R15/ });

async function enterCode(code = '230842') {
  await userEvent.click(await screen.findByRole('button', { name: 'Enter handover code' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Hand over Yamaha R15 to Rahim Uddin?' });
  await userEvent.type(within(dialog).getByLabelText('Handover code'), code);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
  return dialog;
}

describe('a deal whose card holds the price, for the buyer', () => {
  it('shows PAID, until when the hold lasts, the handover code, the meeting and Call off', async () => {
    open('buyer', [held()]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('PAID');
    expect(row()).toHaveTextContent('Card hold released by itself on Thu 3 Dec, 5:30 pm');
    expect(row()).not.toHaveTextContent('Bought by you');
    expect(within(row()).getByRole('button', { name: 'Show handover code' })).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Suggest a meeting' })).toBeInTheDocument();

    await userEvent.click(within(row()).getByRole('button', { name: 'Call off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Call off the deal for Yamaha R15?' });
    expect(dialog).toHaveAccessibleDescription(
      'Karim Motors is told at once, with your reason. The card hold is released: nothing is charged.',
    );
  });

  it('keeps an old card sale, paid before holds, as bought', async () => {
    open('buyer', [held({ status: 'paid', reservedUntil: null })]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('Bought by you');
    expect(row()).not.toHaveTextContent('Card hold');
    expect(within(row()).queryByRole('button', { name: 'Call off' })).not.toBeInTheDocument();
  });
});

describe('a deal whose card holds the price, for the seller', () => {
  it('shows Card held, until when, the handover and Call off', async () => {
    open('seller', [held()]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('Card held');
    expect(row()).toHaveTextContent('Released by itself on Thu 3 Dec, 5:30 pm if not handed over');
    expect(within(row()).getByRole('button', { name: 'Enter handover code' })).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Call off' })).toBeInTheDocument();
  });

  it('completes with the right code: the money is taken and the receipt offered', async () => {
    const done = held({ status: 'completed', completedAt: '2026-11-28T11:30:00Z', reservedUntil: null });
    open('seller', [held()], { 'POST /api/orders/o1/handover': [200, modified({ event: 'deal.updated', data: done })] });
    await enterCode();
    expect(await screen.findByText('Yamaha R15 handed over: the sale is recorded')).toBeInTheDocument();
    expect(row()).toHaveTextContent('Completed');
    expect(within(row()).getByRole('link', { name: 'View receipt' })).toBeInTheDocument();
  });

  it('says plainly, not as a failure, when the card provider has not answered yet', async () => {
    open('seller', [held()], {
      'POST /api/orders/o1/handover': [503, { error: 'payments_unavailable', message: PENDING }],
    });
    const dialog = await enterCode();
    const said = await within(dialog).findByRole('status');
    expect(said).toHaveTextContent(PENDING);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Nothing more to enter: only Close is left, and it has the focus.
    expect(within(dialog).queryByRole('button', { name: 'Hand over' })).not.toBeInTheDocument();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await userEvent.click(close);
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });

  it('says so when the hold ended before the handover, and reads the list again', async () => {
    const { fetchMock } = open('seller', [held()], {
      'POST /api/orders/o1/handover': [409, { error: 'conflict', message: GONE }],
    });
    const dialog = await enterCode();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(GONE);
    await waitFor(() => {
      expect(callsOf(fetchMock).filter((call) => call === BUYERS)).toHaveLength(2);
    });
  });
});
