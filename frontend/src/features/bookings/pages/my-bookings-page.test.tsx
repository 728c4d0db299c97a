import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aBooking, deleted } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const MINE = 'GET /api/orders/buyer%40example.com';
const bookings = [
  aBooking({ _id: 'o1', bookingId: 'p1', productName: 'Yamaha R15', price: 1800 }),
  aBooking({ _id: 'o2', bookingId: 'p2', productName: 'Honda CBR', paid: true, status: 'paid', availability: 'sold' }),
];

function openMyBookings(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('buyer'), [MINE]: [200, bookings], ...server });
  return { fetchMock, ...renderApp('/dashboard/my-orders') };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('My Orders page', () => {
  it('lists the bookings: Pay Now while unpaid, PAID once paid', async () => {
    openMyBookings();
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Image',
      'Name',
      'Price',
      'Status',
      'Meeting',
      'Payment',
      'Action',
    ]);
    expect(row('Yamaha R15')).toHaveTextContent('৳1,800');
    expect(within(row('Yamaha R15')).getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      '/dashboard/stripe-payment/o1',
    );
    expect(row('Honda CBR')).toHaveTextContent('PAID');
    // The next step after paying: whom to meet, where, and their number.
    expect(row('Honda CBR')).toHaveTextContent('Meet Rahim Seller at Mirpur 10');
    expect(within(row('Honda CBR')).getByRole('link', { name: '01700000000' })).toHaveAttribute('href', 'tel:01700000000');
    expect(within(row('Honda CBR')).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    // A paid booking is a sale: nothing to cancel.
    expect(within(row('Honda CBR')).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('flips to PAID when the payment arrives live, with until when bKash holds the price', async () => {
    const { queryClient } = openMyBookings();
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    const held = bookings.find((booking) => booking._id === 'o1');
    act(() => {
      applyLiveEvent(queryClient, { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } });
      // The booking as it now stands comes beside the payment: nothing is read again.
      applyLiveEvent(queryClient, {
        event: 'deal.updated',
        data: aBooking({ ...held, paid: true, status: 'held', method: 'bkash', availability: 'sold', reservedUntil: '2026-12-03T11:30:00Z' }),
      });
    });
    await waitFor(() => {
      expect(row('Yamaha R15')).toHaveTextContent('PAID');
    });
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(await within(row('Yamaha R15')).findByText(/bKash hold released by itself on/)).toHaveTextContent(
      'bKash hold released by itself on Thu 3 Dec, 5:30 pm',
    );
    expect(within(row('Yamaha R15')).getByRole('button', { name: 'Show handover code' })).toBeInTheDocument();
    expect(within(row('Yamaha R15')).getByRole('button', { name: 'Call off' })).toBeInTheDocument();
  });

  it('does not offer to pay for a bike another buyer has paid for', async () => {
    openMyBookings({ [MINE]: [200, [aBooking({ _id: 'o3', productName: 'Bajaj Pulsar', availability: 'sold' })]] });
    await screen.findByRole('rowheader', { name: 'Bajaj Pulsar' });
    expect(row('Bajaj Pulsar')).toHaveTextContent('Sold to another buyer');
    expect(row('Bajaj Pulsar')).not.toHaveTextContent('PAID');
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(within(row('Bajaj Pulsar')).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('explains, instead of Pay Now, when the marketplace takes no card payments', async () => {
    openMyBookings({ 'GET /api/config': [200, { signIn: { firebase: null }, payments: { provider: 'none' } }] });
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    const pay = await within(row('Yamaha R15')).findByRole('button', { name: 'Pay Now' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(
      'Card payments are not set up on this marketplace yet. Pay the seller when you meet.',
    );
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('cancels a booking after asking and drops the row', async () => {
    const { fetchMock, queryClient } = openMyBookings({
      'DELETE /api/orders/o1': [200, deleted({ event: 'order.cancelled', data: { _id: 'o1', bookingId: 'p1' } })],
    });
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    await userEvent.click(within(row('Yamaha R15')).getByRole('button', { name: 'Cancel' }));
    await answerConfirm(
      'Cancel your booking of Yamaha R15?',
      'Are you sure, You want to Cancel this product?',
      'Cancel booking',
    );
    expect(await screen.findByText('Order Canceled Successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/o1', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByRole('rowheader', { name: 'Yamaha R15' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Honda CBR' })).toBeInTheDocument();

    // The live event for the same cancellation arriving afterwards changes nothing.
    const before = queryClient.getQueryData(['orders', 'buyer@example.com']);
    act(() => {
      applyLiveEvent(queryClient, { event: 'order.cancelled', data: { _id: 'o1', bookingId: 'p1' } });
    });
    expect(queryClient.getQueryData(['orders', 'buyer@example.com'])).toBe(before);
  });

  it('keeps the booking when the buyer says no', async () => {
    const { fetchMock } = openMyBookings();
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    await userEvent.click(within(row('Yamaha R15')).getByRole('button', { name: 'Cancel' }));
    await answerConfirm(
      'Cancel your booking of Yamaha R15?',
      'Are you sure, You want to Cancel this product?',
      'Keep booking',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('rowheader', { name: 'Yamaha R15' })).toBeInTheDocument();
  });

  it('says where each booking stands in its line: reserved with the hours left, in line, or ended', async () => {
    openMyBookings({
      [MINE]: [
        200,
        [
          aBooking({ _id: 'o1', productName: 'Yamaha R15', reservedUntil: new Date(Date.now() + 47.5 * 3600_000).toISOString() }),
          aBooking({ _id: 'o2', productName: 'Honda CBR', status: 'waiting', queuePosition: 2, reservedUntil: null }),
          aBooking({ _id: 'o3', productName: 'Suzuki Gixxer', status: 'declined', reason: 'Sold it to my cousin', reservedUntil: null }),
          aBooking({ _id: 'o4', productName: 'TVS Apache', status: 'released', reason: 'You did not come', reservedUntil: null }),
          aBooking({ _id: 'o5', productName: 'Bajaj Pulsar', status: 'lapsed', reservedUntil: null }),
        ],
      ],
    });
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row('Yamaha R15')).toHaveTextContent('Reserved for you · 47 h left');
    expect(within(row('Yamaha R15')).getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(row('Yamaha R15')).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    expect(row('Honda CBR')).toHaveTextContent('In line · 2nd');
    expect(row('Honda CBR')).toHaveTextContent('You are next when the reservation ahead of you ends.');
    expect(within(row('Honda CBR')).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(within(row('Honda CBR')).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    expect(row('Suzuki Gixxer')).toHaveTextContent('Declined: Sold it to my cousin');
    expect(row('TVS Apache')).toHaveTextContent('Released: You did not come');
    expect(row('Bajaj Pulsar')).toHaveTextContent('Ran out');
    for (const ended of ['Suzuki Gixxer', 'TVS Apache', 'Bajaj Pulsar']) {
      expect(within(row(ended)).queryByRole('button')).not.toBeInTheDocument();
      expect(within(row(ended)).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it('turns a place in line into a reservation with Pay Now, live', async () => {
    const waiting = aBooking({ _id: 'o2', productName: 'Honda CBR', status: 'waiting', queuePosition: 1, reservedUntil: null });
    const { queryClient } = openMyBookings({ [MINE]: [200, [waiting]] });
    await screen.findByText('In line · 1st');
    const reserved = { ...waiting, status: 'reserved', queuePosition: null, reservedUntil: new Date(Date.now() + 48 * 3600_000).toISOString() };
    act(() => {
      applyLiveEvent(queryClient, { event: 'deal.updated', data: reserved });
    });
    expect(await screen.findByText('Reserved for you · 47 h left')).toBeInTheDocument();
    expect(within(row('Honda CBR')).getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
    // An older place in line replayed afterwards changes nothing.
    act(() => {
      applyLiveEvent(queryClient, { event: 'deal.updated', data: waiting });
    });
    expect(row('Honda CBR')).toHaveTextContent('Reserved for you');
  });

  it('says so when there is no booking', async () => {
    openMyBookings({ [MINE]: [200, []] });
    expect(await screen.findByText('You have not booked any bike yet.')).toBeInTheDocument();
  });
});
