import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking, aListing } from '@/test/fixtures.ts';
import { bearerOf, callsOf, fakeServer, holdFetchesOf, renderApp, signedInAs } from '@/test/render-app.tsx';
import { REPORT_PROMPT } from '@/app/listings/use-listing-actions.tsx';

describe('Category page', () => {
  it("lists the category's bikes and opens the booking modal", async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/products/c1': [200, [aListing(), aListing({ _id: 'p2', productName: 'Honda CBR', availability: 'sold' })]],
    });
    renderApp('/category/c1');
    expect(await screen.findByRole('heading', { name: 'Choose Your Dream Bike' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Honda CBR' })).toHaveTextContent('Sold Out');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('dialog', { name: 'Your Order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveValue('Test buyer');
  });

  it("says which bikes the buyer booked, with Pay Now instead of a second booking", async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/products/c1': [
        200,
        [
          aListing({ reserved: true }),
          aListing({ _id: 'p2', productName: 'Honda CBR', availability: 'sold' }),
          aListing({ _id: 'p3', productName: 'TVS Apache' }),
          aListing({ _id: 'p4', productName: 'Suzuki Gixxer', reserved: true }),
          aListing({ _id: 'p5', productName: 'Bajaj Pulsar', reserved: true }),
          aListing({ _id: 'p6', productName: 'Hero Xtreme', availability: 'sold' }),
          aListing({ _id: 'p7', productName: 'Runner Bolt', availability: 'sold' }),
        ],
      ],
      'GET /api/orders/buyer%40example.com': [
        200,
        [
          aBooking({ _id: 'o1', bookingId: 'p1', productName: 'Yamaha R15' }),
          aBooking({ _id: 'o2', bookingId: 'p2', productName: 'Honda CBR', paid: true, status: 'paid', availability: 'sold' }),
          aBooking({ _id: 'o4', bookingId: 'p4', productName: 'Suzuki Gixxer', status: 'waiting', queuePosition: 2 }),
          aBooking({ _id: 'o5', bookingId: 'p5', productName: 'Bajaj Pulsar', status: 'released', reason: 'No show' }),
          aBooking({ _id: 'o6', bookingId: 'p6', productName: 'Hero Xtreme', paid: true, status: 'held', availability: 'sold' }),
          aBooking({
            _id: 'o7',
            bookingId: 'p7',
            productName: 'Runner Bolt',
            paid: true,
            status: 'held',
            method: 'bkash',
            availability: 'sold',
          }),
        ],
      ],
    });
    renderApp('/category/c1');
    const booked = await screen.findByRole('article', { name: 'Yamaha R15' });
    expect(await within(booked).findByText('Reserved for you')).toBeInTheDocument();
    expect(within(booked).getByTestId('availability')).toHaveTextContent('Reserved');
    // In line: their place, and no Pay Now until the bike is theirs.
    const waiting = screen.getByRole('article', { name: 'Suzuki Gixxer' });
    expect(within(waiting).getByText('In line · 2nd')).toBeInTheDocument();
    expect(within(waiting).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    // A booking that ended offers Book Now again (to join the line).
    const released = screen.getByRole('article', { name: 'Bajaj Pulsar' });
    expect(within(released).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(within(released).getByTestId('availability')).toHaveTextContent('Reserved');
    expect(within(booked).getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/dashboard/stripe-payment/o1');
    expect(within(booked).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    const bought = screen.getByRole('article', { name: 'Honda CBR' });
    expect(within(bought).getByRole('link', { name: /Bought by you/ })).toHaveAttribute('href', '/dashboard/my-orders');
    // Paid by card since holds: the card holds the price until the handover, nothing bought yet.
    const held = screen.getByRole('article', { name: 'Hero Xtreme' });
    expect(within(held).getByRole('link', { name: 'Your card holds the price: see how to meet the seller' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
    // Held in the buyer's bKash wallet: it says so, not "card".
    const inWallet = screen.getByRole('article', { name: 'Runner Bolt' });
    expect(
      within(inWallet).getByRole('link', { name: 'Your bKash wallet holds the price: see how to meet the seller' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'TVS Apache' })).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
  });

  it('says so when the category is empty', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/products/c1': [200, []] });
    renderApp('/category/c1');
    expect(await screen.findByText('No Products Available for this Category')).toBeInTheDocument();
  });

  it('reports a listing after asking', async () => {
    let sent: unknown;
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/products/c1': [200, [aListing()]],
      'PATCH /api/products/p1': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, { acknowledged: true, modifiedCount: 1, deletedCount: 0, events: [] }];
      },
    });
    renderApp('/category/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Report to Admin' }));
    // The product's question, with why the buyer reports it.
    const dialog = await screen.findByRole('alertdialog', { name: 'Report Yamaha R15 to the admin?' });
    expect(dialog).toHaveAccessibleDescription(REPORT_PROMPT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wrong details' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Successfully Reported to Admin')).toBeInTheDocument();
    expect(sent).toEqual({ report: 'reported', reason: 'wrong_details' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('lets a visitor browse the public listings, named by category, and asks them to log in to book', async () => {
    const publicForm = aListing();
    delete publicForm.sellerEmail;
    delete publicForm.sellerPhone;
    const fetchMock = fakeServer({
      'GET /api/categories': [200, [{ _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/c.png' }]],
      'GET /api/products/c1': [200, [publicForm]],
    });
    const { router } = renderApp('/category/c1');
    const card = await screen.findByRole('article', { name: 'Yamaha R15' });
    expect(await screen.findByText('Sports Bikes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose Your Dream Bike' })).toBeInTheDocument();
    expect(card).toHaveTextContent('৳1,800');
    expect(card.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in to see the seller’s contact' })).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('GET /api/products/c1');
    expect(bearerOf(fetchMock, 'GET /api/products/c1')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Please log in as a buyer to book this bike.')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.state).toEqual({ from: { pathname: '/category/c1', search: '' } });
  });

  it("sends a visitor who asks for the seller's contact to log in, and back here after", async () => {
    const publicForm = aListing();
    delete publicForm.sellerEmail;
    delete publicForm.sellerPhone;
    fakeServer({ 'GET /api/products/c1': [200, [publicForm]] });
    const { router } = renderApp('/category/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to see the seller’s contact' }));
    expect(await screen.findByText('Please log in as a buyer to see the seller’s contact.')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.state).toEqual({ from: { pathname: '/category/c1', search: '' } });
  });

  it("lets a seller book another seller's bike, and tells them which bikes are their own", async () => {
    fakeServer({
      ...signedInAs('seller'),
      'GET /api/products/c1': [200, [aListing(), aListing({ _id: 'p2', productName: 'Honda Dio', sellerId: '1' })]],
      'GET /api/orders/seller%40example.com': [200, []],
      'GET /api/wishlist': [200, []],
    });
    renderApp('/category/c1');
    const other = await screen.findByRole('article', { name: 'Yamaha R15' });
    expect(within(other).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Add to Wishlist' })).toBeInTheDocument();
    const own = screen.getByRole('article', { name: 'Honda Dio' });
    expect(within(own).getByText(/This is your bike\./)).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Report to Admin' })).not.toBeInTheDocument();
  });

  it('lets admins look without booking', async () => {
    const fetchMock = fakeServer({ ...signedInAs('admin'), 'GET /api/products/c1': [200, [aListing()]] });
    renderApp('/category/c1');
    const card = await screen.findByRole('article', { name: 'Yamaha R15' });
    expect(await within(card).findByText('Only buyers can book bikes.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Report to Admin' })).not.toBeInTheDocument();
    // Even when a live event brought the seller's contact, only buyers are shown it.
    expect(within(card).queryByText('seller@example.com')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /01711/ })).not.toBeInTheDocument();
    // Nor is there a wishlist to read.
    expect(within(card).queryByRole('button', { name: 'Add to Wishlist' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('GET /api/wishlist');
  });
});

describe('Category page: the wishlist', () => {
  const honda = aListing({ _id: 'p2', productName: 'Honda CBR' });
  const card = (name: string) => screen.findByRole('article', { name });

  it("shows a buyer's saved bikes as saved, and saves and removes one with a tap", async () => {
    const saved: unknown[] = [];
    const fetchMock = fakeServer({
      ...signedInAs('buyer'),
      'GET /api/products/c1': [200, [aListing(), honda]],
      'GET /api/wishlist': [200, [honda]],
      'POST /api/wishlist': (init) => {
        saved.push(JSON.parse(init.body as string));
        return [201, { acknowledged: true, insertedId: 'p1', events: [] }];
      },
      'DELETE /api/wishlist/p2': [200, { acknowledged: true, modifiedCount: 0, deletedCount: 1, events: [] }],
    });
    renderApp('/category/c1');
    const yamaha = within(await card('Yamaha R15'));
    const cbr = within(await card('Honda CBR'));
    expect(await cbr.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(yamaha.getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(yamaha.getByRole('button', { name: 'Add to Wishlist' }));
    expect(yamaha.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Saved to your wishlist')).toBeInTheDocument();
    expect(saved).toEqual([{ productId: 'p1' }]);

    await userEvent.click(cbr.getByRole('button', { name: 'Saved' }));
    expect(cbr.getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.includes('/wishlist'))).toEqual([
      'GET /api/wishlist',
      'POST /api/wishlist',
      'DELETE /api/wishlist/p2',
    ]);
  });

  it('shows a bike saved at once, and unsaved again with the reason when the server refuses', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/products/c1': [200, [aListing()]],
      'GET /api/wishlist': [200, []],
      'POST /api/wishlist': [404, { error: 'not_found', message: 'That bike is no longer listed.' }],
    });
    renderApp('/category/c1');
    const yamaha = within(await card('Yamaha R15'));
    const save = await yamaha.findByRole('button', { name: 'Add to Wishlist' });
    const release = holdFetchesOf('/api/wishlist');
    await userEvent.click(save);
    expect(await yamaha.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    release();
    expect(await screen.findByText('That bike is no longer listed.')).toBeInTheDocument();
    expect(yamaha.getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Saved to your wishlist')).not.toBeInTheDocument();
  });

  it('asks a visitor to log in to save a bike, and reads no wishlist', async () => {
    const fetchMock = fakeServer({ 'GET /api/products/c1': [200, [aListing()]] });
    const { router } = renderApp('/category/c1');
    await userEvent.click(within(await card('Yamaha R15')).getByRole('button', { name: 'Add to Wishlist' }));
    expect(await screen.findByText('Please log in as a buyer to save bikes to your wishlist.')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.state).toEqual({ from: { pathname: '/category/c1', search: '' } });
    expect(callsOf(fetchMock).filter((call) => call.includes('/wishlist'))).toEqual([]);
  });
});
