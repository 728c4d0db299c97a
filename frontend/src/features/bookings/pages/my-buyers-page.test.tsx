import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aBooking } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const MINE = 'GET /api/sellerOrders/seller%40example.com';
const bookings = [
  aBooking({ _id: 'o2', bookingId: 'p2', productName: 'Honda CBR', paid: true, status: 'paid', availability: 'sold' }),
  aBooking({ _id: 'o1', bookingId: 'p1', productName: 'Yamaha R15', price: 185000, buyerName: 'Sadia Islam', buyerPhone: '+880 1711-000000', meetingLocation: 'Banani 11' }),
];

function openMyBuyers(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('seller'), [MINE]: [200, bookings], ...server });
  return { fetchMock, ...renderApp('/dashboard/my-buyers') };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('My Buyers page', () => {
  it("lists every booking of the seller's bikes with the buyer's phone to call", async () => {
    openMyBuyers();
    expect(await screen.findByRole('heading', { name: 'My Buyers' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Image',
      'Bike',
      'Price',
      'Buyer',
      'Meeting place',
      'Booked',
      'Status',
    ]);
    const booked = row('Yamaha R15');
    expect(booked).toHaveTextContent('৳1,85,000');
    expect(booked).toHaveTextContent('Sadia Islam');
    expect(booked).toHaveTextContent('Banani 11');
    expect(booked).toHaveTextContent('Booked');
    expect(within(booked).getByRole('link', { name: '+880 1711-000000' })).toHaveAttribute('href', 'tel:+8801711000000');
    expect(row('Honda CBR')).toHaveTextContent('Paid');
    // The side panel's My Buyers leads here.
    expect(screen.getByRole('link', { name: 'My Buyers' })).toHaveAttribute('href', '/dashboard/my-buyers');
  });

  it('shows a booking the moment it is made, highlighted, then follows its payment or cancellation', async () => {
    const { queryClient } = openMyBuyers();
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row('Yamaha R15')).not.toHaveClass('booking-arrived');

    act(() => {
      applyLiveEvent(queryClient, {
        event: 'order.created',
        data: aBooking({ _id: 'o3', bookingId: 'p3', productName: 'Bajaj Pulsar', buyerName: 'Mim' }),
      });
    });
    const arrived = await screen.findByRole('row', { name: /Bajaj Pulsar/ });
    expect(arrived).toHaveClass('booking-arrived');
    expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Bajaj Pulsar', 'Honda CBR', 'Yamaha R15']);

    act(() => {
      applyLiveEvent(queryClient, { event: 'order.paid', data: { _id: 'o3', bookingId: 'p3' } });
      applyLiveEvent(queryClient, { event: 'order.cancelled', data: { _id: 'o1', bookingId: 'p1' } });
    });
    await waitFor(() => {
      expect(row('Bajaj Pulsar')).toHaveTextContent('Paid');
    });
    expect(row('Yamaha R15')).toHaveTextContent('Cancelled');

    // Another seller's booking never joins this list.
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'order.created',
        data: aBooking({ _id: 'o4', productName: 'TVS Apache', sellerEmail: 'other@example.com' }),
      });
    });
    expect(screen.queryByRole('rowheader', { name: 'TVS Apache' })).not.toBeInTheDocument();
  });

  it('says what will appear here when there is nothing yet', async () => {
    openMyBuyers({ [MINE]: [200, []] });
    expect(await screen.findByText('No bookings yet.')).toBeInTheDocument();
    expect(screen.getByText(/it appears here at once with their phone number and meeting place/)).toBeInTheDocument();
  });

  it('is for sellers only', async () => {
    fakeServer({ ...signedInAs('buyer') });
    const { router } = renderApp('/dashboard/my-buyers');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});
