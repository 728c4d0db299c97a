import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aBooking, aConversation, modified } from '@/test/fixtures.ts';
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
      'Meeting',
      'Status',
      'Action',
    ]);
    const booked = row('Yamaha R15');
    expect(booked).toHaveTextContent('৳1,85,000');
    expect(booked).toHaveTextContent('Sadia Islam');
    expect(booked).toHaveTextContent('No meeting agreed yet.');
    expect(within(booked).getByText(/^Booked/)).toBeInTheDocument();
    expect(booked).toHaveTextContent(/Reserved · \d+ h left/);
    expect(within(booked).getByRole('button', { name: 'Release' })).toBeInTheDocument();
    expect(within(booked).getByRole('link', { name: '+880 1711-000000' })).toHaveAttribute('href', 'tel:+8801711000000');
    expect(row('Honda CBR')).toHaveTextContent('Paid');
    expect(within(row('Honda CBR')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'A booking shows here the moment a buyer makes it. The first buyer holds the bike for 48 hours; others wait in line. Agree with them here where and when to meet, or call them.',
      ),
    ).toBeInTheDocument();
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

    const paid = { paid: true, status: 'held', availability: 'sold', reservedUntil: '2026-12-03T11:30:00Z' } as const;
    act(() => {
      applyLiveEvent(queryClient, { event: 'order.paid', data: { _id: 'o3', bookingId: 'p3' } });
      // The booking as it now stands comes beside the payment: nothing is read again.
      applyLiveEvent(queryClient, {
        event: 'deal.updated',
        data: aBooking({ _id: 'o3', bookingId: 'p3', productName: 'Bajaj Pulsar', buyerName: 'Mim', method: 'card', ...paid }),
      });
      applyLiveEvent(queryClient, { event: 'order.cancelled', data: { _id: 'o1', bookingId: 'p1' } });
    });
    await waitFor(() => {
      expect(row('Bajaj Pulsar')).toHaveTextContent('Card held');
    });
    // Until when the card holds the price, from the deal as it stands.
    expect(await within(row('Bajaj Pulsar')).findByText(/Released by itself on/)).toHaveTextContent(
      'Released by itself on Thu 3 Dec, 5:30 pm if not handed over',
    );
    // The buyer's card holds the price: the seller takes it at the handover, or calls it off.
    expect(within(row('Bajaj Pulsar')).getByRole('button', { name: 'Enter handover code' })).toBeInTheDocument();
    expect(within(row('Bajaj Pulsar')).getByRole('button', { name: 'Call off' })).toBeInTheDocument();
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

const line = [
  aBooking({ _id: 'o1', productName: 'Yamaha R15', buyerName: 'Rahim Uddin', reservedUntil: hoursFromNow(47.5) }),
  aBooking({ _id: 'o5', productName: 'Yamaha R15', buyerName: 'Mim Akter', status: 'waiting', queuePosition: 1, reservedUntil: null }),
  aBooking({ _id: 'o6', productName: 'Suzuki Gixxer', status: 'declined', reason: 'Promised to my cousin', reservedUntil: null }),
  aBooking({ _id: 'o7', productName: 'TVS Apache', status: 'released', reason: 'No answer on the phone', reservedUntil: null }),
  aBooking({ _id: 'o8', productName: 'Bajaj Pulsar', status: 'lapsed', reservedUntil: null }),
  aBooking({ _id: 'o9', productName: 'Hero Hunk', status: 'waiting', queuePosition: 2, availability: 'sold', reservedUntil: null }),
];

/** The `n`th row below the table's header, counting from 0. */
function rowAt(n: number): HTMLElement {
  const found = screen.getAllByRole('row')[n + 1];
  if (!found) throw new Error(`no row ${String(n)}`);
  return found;
}

function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3600_000).toISOString();
}

/** The line as the answer to a release leaves it: o1 released, o5 holding the bike. */
function released(reason: string) {
  const [first, second] = line;
  if (!first || !second) throw new Error('the line has two bookings');
  return modified(
    { event: 'deal.updated', data: { ...first, status: 'released', reason, reservedUntil: null } },
    { event: 'deal.updated', data: { ...second, status: 'reserved', queuePosition: null, reservedUntil: hoursFromNow(48) } },
  );
}

describe('My Buyers page: the line', () => {
  it('says where each booking stands, with Release for the holder and Decline for those waiting', async () => {
    openMyBuyers({ [MINE]: [200, line] });
    await screen.findByRole('rowheader', { name: 'Suzuki Gixxer' });
    const [holder, waiting, declined, releasedRow, lapsed, sold] = [0, 1, 2, 3, 4, 5].map(rowAt) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(holder).toHaveTextContent('Reserved · 47 h left');
    expect(within(holder).getByRole('button', { name: 'Release' })).toBeInTheDocument();
    expect(waiting).toHaveTextContent('In line · 1st');
    expect(within(waiting).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(declined).toHaveTextContent('Declined: Promised to my cousin');
    expect(releasedRow).toHaveTextContent('Released: No answer on the phone');
    expect(lapsed).toHaveTextContent('Ran out');
    expect(sold).toHaveTextContent('Sold to another buyer');
    for (const ended of [declined, releasedRow, lapsed, sold]) expect(within(ended).queryByRole('button')).toBeNull();
  });

  it('releases a reservation with a reason: the next in line holds the bike', async () => {
    let sent: unknown;
    openMyBuyers({
      [MINE]: [200, line.slice(0, 2)],
      'POST /api/orders/o1/release': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, released('We could not meet')];
      },
    });
    await screen.findByText('In line · 1st');
    await userEvent.click(screen.getByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Release Rahim's reservation of Yamaha R15?" });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    // A reason is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Tell the buyer why')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'We could not meet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Reservation released')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'We could not meet' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const [first, second] = [rowAt(0), rowAt(1)];
    expect(first).toHaveTextContent('Released: We could not meet');
    expect(second).toHaveTextContent('Reserved · 47 h left');
    expect(within(second).getByRole('button', { name: 'Release' })).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog: under the reason, or above the buttons", async () => {
    let answer: [number, unknown] = [422, { error: 'validation', message: 'Tell the buyer why', fields: { reason: 'Tell the buyer why' } }];
    openMyBuyers({ [MINE]: [200, line.slice(0, 2)], 'POST /api/orders/o5/decline': () => answer });
    await screen.findByText('In line · 1st');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Decline Mim's booking of Yamaha R15?" });
    await userEvent.type(within(dialog).getByLabelText('Reason'), '   x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Tell the buyer why')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');

    answer = [409, { error: 'conflict', message: 'This booking has ended already.' }];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This booking has ended already.');
    // Keep it closes without a call.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe("My Buyers: each bike's conversations", () => {
  it("leads from every booking to its bike's conversations, counting what is unread", async () => {
    const aboutYamaha = aConversation({ sellerId: '1', buyerId: '3', unread: 4 });
    const { router } = openMyBuyers({
      'GET /api/conversations': [200, [aboutYamaha]],
      'GET /api/conversations?productId=p1': [200, [aboutYamaha]],
    });
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    const yamaha = await within(row('Yamaha R15')).findByRole('link', { name: 'Messages about Yamaha R15, 4 unread' });
    expect(yamaha).toHaveAttribute('href', '/dashboard/messages?bike=p1');
    expect(within(row('Honda CBR')).getByRole('link', { name: 'Messages about Honda CBR' })).toHaveAttribute(
      'href',
      '/dashboard/messages?bike=p2',
    );
    await userEvent.click(yamaha);
    expect(await screen.findByRole('heading', { name: 'About Yamaha R15' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?bike=p1');
    expect(await screen.findByRole('link', { name: 'Yamaha R15, with Karim Buyer, 4 unread' })).toHaveAttribute(
      'href',
      '/dashboard/messages/c1',
    );
  });
});
