// A deal whose listing asked a deposit: the buyer's card or bKash wallet holds the deposit,
// and the rest of the price is paid in cash at the handover. My Orders and My Buyers say
// both amounts (the receipt's are with the other receipts, in deal-steps.test.tsx).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { aBooking } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const BUYERS = 'GET /api/sellerOrders/seller%40example.com';
const ORDERS = 'GET /api/orders/buyer%40example.com';

/** A ৳1,85,000 bike whose listing asked a ৳20,000 deposit. */
const withDeposit = (overrides: Partial<Booking> = {}, deposit: number | null = 20000): Booking => ({
  ...aBooking({ _id: 'o1', productName: 'Yamaha R15', buyerName: 'Rahim Uddin', sellerName: 'Karim Motors', price: 185000 }),
  completedAt: null,
  calledOffBy: null,
  meeting: null,
  ...overrides,
  deposit,
});

const held = (overrides: Partial<Booking> = {}) =>
  withDeposit({ status: 'held', paid: true, method: 'card', availability: 'sold', reservedUntil: '2026-12-03T11:30:00Z', ...overrides });

function open(role: 'buyer' | 'seller', bookings: Booking[]) {
  fakeServer({ ...signedInAs(role), [role === 'buyer' ? ORDERS : BUYERS]: [200, bookings] });
  renderApp(role === 'buyer' ? '/dashboard/my-orders' : '/dashboard/my-buyers');
}

const row = () => screen.getByRole('row', { name: /Yamaha R15/ });

describe('My Orders, a listing that asks a deposit', () => {
  it('says the deposit to reserve and the rest in cash, and offers to pay it but not cash', async () => {
    open('buyer', [withDeposit()]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(within(row()).getByTestId('deposit-line')).toHaveTextContent(
      'Deposit ৳20,000 to reserve · ৳1,65,000 in cash at the handover',
    );
    expect(row()).toHaveTextContent('৳1,85,000');
    expect(within(row()).getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/dashboard/stripe-payment/o1');
    expect(within(row()).queryByRole('button', { name: 'Pay cash at the meet-up' })).not.toBeInTheDocument();
  });

  it('says the deposit is held, not that the bike is paid, with the rest in cash', async () => {
    open('buyer', [held()]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('Deposit held');
    expect(row()).not.toHaveTextContent('PAID');
    expect(within(row()).getByTestId('deposit-line')).toHaveTextContent(
      'Deposit ৳20,000 held · ৳1,65,000 in cash at the handover',
    );
    expect(row()).toHaveTextContent('Card hold released by itself on Thu 3 Dec, 5:30 pm');
    expect(within(row()).getByRole('button', { name: 'Show handover code' })).toBeInTheDocument();
  });

  it('says how a completed deal was paid: the deposit by bKash, the rest in cash', async () => {
    open('buyer', [held({ status: 'completed', method: 'bkash', completedAt: '2026-11-28T11:30:00Z', reservedUntil: null })]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('Deposit by bKash, the rest in cash');
    expect(within(row()).getByTestId('deposit-line')).toHaveTextContent('Deposit ৳20,000 paid · ৳1,65,000 paid in cash');
  });

  it('says nothing of a deposit once the deal is called off, nor for a listing that asked none', async () => {
    open('buyer', [
      held({ status: 'called_off', calledOffBy: 'seller', reason: 'Did not come', paid: false }),
      withDeposit({ _id: 'o2', productName: 'Honda CBR' }, null),
    ]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(screen.queryByTestId('deposit-line')).not.toBeInTheDocument();
    const plain = screen.getByRole('row', { name: /Honda CBR/ });
    expect(within(plain).getByRole('button', { name: 'Pay cash at the meet-up' })).toBeInTheDocument();
  });
});

describe('My Buyers, a deal whose card holds the deposit', () => {
  it('shows the hold, the deposit and the rest, and asks the seller to take the rest in cash before the code', async () => {
    open('seller', [held()]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row()).toHaveTextContent('Card held');
    expect(within(row()).getByTestId('deposit-line')).toHaveTextContent(
      'Deposit ৳20,000 held · ৳1,65,000 in cash at the handover',
    );
    await userEvent.click(within(row()).getByRole('button', { name: 'Enter handover code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hand over Yamaha R15 to Rahim Uddin?' });
    expect(dialog).toHaveAccessibleDescription(
      'Meet in a public place. Check the bike and its papers before you hand over money or the code. Take the rest of the price, ৳1,65,000, in cash. Then enter the code Rahim Uddin shows you.',
    );
  });
});
