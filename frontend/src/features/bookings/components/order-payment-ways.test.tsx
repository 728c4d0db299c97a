// My Orders offers cash at the meet-up only where the seller takes cash for that bike.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBooking } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const ORDERS = 'GET /api/orders/buyer%40example.com';

function open(paymentMethods: string[]) {
  const booking = { ...aBooking({ _id: 'o1', productName: 'Yamaha R15' }), paymentMethods };
  fakeServer({ ...signedInAs('buyer'), [ORDERS]: [200, [booking]] });
  renderApp('/dashboard/my-orders');
}

const row = () => screen.getByRole('row', { name: /Yamaha R15/ });

describe('My Orders, the ways a listing takes', () => {
  it('offers cash at the meet-up beside Pay Now where the seller takes cash', async () => {
    open(['cash', 'card']);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(within(row()).getByRole('button', { name: 'Pay cash at the meet-up' })).toBeInTheDocument();
  });

  it('does not offer cash where the seller takes only card and bKash', async () => {
    open(['card', 'bkash']);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(within(row()).getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(row()).queryByRole('button', { name: 'Pay cash at the meet-up' })).not.toBeInTheDocument();
  });
});
