import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aConversation, anAdvert, aListing, deleted, inserted } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const MINE = 'GET /api/sellerProducts/seller%40example.com';
const listings = [
  { ...aListing({ _id: 'p1', productName: 'Yamaha R15', resalePrice: 1800 }), bookings: 2 },
  aListing({ _id: 'p2', productName: 'Honda CBR', availability: 'sold' }),
  aListing({ _id: 'p3', productName: 'Suzuki Gixxer', advertised: true }),
];

function openMyListings(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('seller'), [MINE]: [200, listings], ...server });
  return { fetchMock, ...renderApp('/dashboard/seller-products') };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('My Products page', () => {
  it('shows the spinner while the listings load', async () => {
    const server = fakeServer(signedInAs('seller'));
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      typeof input === 'string' && input.includes('/sellerProducts/') ? new Promise<Response>(() => undefined) : server(input, init),
    );
    renderApp('/dashboard/seller-products');
    expect(await screen.findByRole('status', { name: 'Loading your products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Products' })).toBeInTheDocument();
  });

  it('lists the listings with price, status and what can be done', async () => {
    openMyListings();
    expect(await screen.findByRole('rowheader', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Image',
      'Name',
      'Price',
      'Status',
      'Bookings',
      'Advertisement',
      'Action',
    ]);
    // How many bookings wait on each bike, leading to them.
    expect(within(row('Yamaha R15')).getByRole('link', { name: '2 bookings' })).toHaveAttribute(
      'href',
      '/dashboard/my-buyers',
    );
    expect(row('Suzuki Gixxer')).toHaveTextContent('None');
    expect(row('Yamaha R15')).toHaveTextContent('৳1,800');
    expect(row('Yamaha R15')).toHaveTextContent('Available');
    expect(within(row('Yamaha R15')).getByRole('button', { name: 'Advertise' })).toBeInTheDocument();
    expect(row('Honda CBR')).toHaveTextContent('Already Sold');
    expect(within(row('Honda CBR')).queryByRole('button', { name: 'Advertise' })).not.toBeInTheDocument();
    expect(row('Suzuki Gixxer')).toHaveTextContent('Advertised');
    expect(within(row('Suzuki Gixxer')).queryByRole('button', { name: 'Advertise' })).not.toBeInTheDocument();
    // A sold bike stays on record: no Edit, no Delete.
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(within(row('Honda CBR')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(row('Honda CBR')).queryByRole('link', { name: 'Edit Honda CBR' })).not.toBeInTheDocument();
    expect(row('Honda CBR')).toHaveTextContent('Kept on record');
  });

  it('says so when the seller has no listing yet', async () => {
    openMyListings({ [MINE]: [200, []] });
    expect(await screen.findByText('There is no product added till now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first bike' })).toHaveAttribute('href', '/dashboard/add-product');
  });

  it('advertises a listing after asking, and shows it advertised at once', async () => {
    let sent: unknown;
    const { queryClient } = openMyListings({
      'POST /api/advertise': (init) => {
        sent = JSON.parse(init.body as string);
        const advert = anAdvert({ ...listings[0], _id: 'a9', advertiseId: 'p1', advertised: true });
        return [201, inserted('a9', { event: 'advert.created', data: advert })];
      },
    });
    queryClient.setQueryData(['advertise'], [anAdvert({ _id: 'a1', advertiseId: 'p7' })]);
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    await userEvent.click(within(row('Yamaha R15')).getByRole('button', { name: 'Advertise' }));
    await answerConfirm('Advertise Yamaha R15?', 'Are you sure, You want to advertise?', 'Advertise');
    expect(await screen.findByText('Advertisement Successfully Done')).toBeInTheDocument();
    expect(sent).toEqual({ advertiseId: 'p1' });
    expect(row('Yamaha R15')).toHaveTextContent('Advertised');
    expect(screen.queryByRole('button', { name: 'Advertise' })).not.toBeInTheDocument();
    // A cached home page shows the new advert too, as the answer's event carries it.
    expect(queryClient.getQueryData<{ _id: string; advertiseId: string }[]>(['advertise'])?.map((a) => a._id)).toEqual([
      'a9',
      'a1',
    ]);
  });

  it("refetches the listings when the server says the bike can't be advertised any more", async () => {
    let fetches = 0;
    openMyListings({
      [MINE]: () => {
        fetches += 1;
        return [200, fetches === 1 ? listings : [{ ...listings[0], availability: 'sold' }]];
      },
      'POST /api/advertise': [409, { error: 'conflict', message: 'This bike has already been sold.' }],
    });
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    await userEvent.click(within(row('Yamaha R15')).getByRole('button', { name: 'Advertise' }));
    await answerConfirm('Advertise Yamaha R15?', 'Are you sure, You want to advertise?', 'Advertise');
    expect(await screen.findByText('This bike has already been sold.')).toBeInTheDocument();
    await waitFor(() => {
      expect(row('Yamaha R15')).toHaveTextContent('Already Sold');
    });
  });

  it('deletes a listing after asking and drops the row', async () => {
    const { fetchMock } = openMyListings({
      'DELETE /api/products/p3': [
        200,
        deleted(
          { event: 'advert.removed', data: { _id: 'a3', advertiseId: 'p3' } },
          { event: 'product.deleted', data: { _id: 'p3', categoryId: 'c1', sellerId: 's1' } },
        ),
      ],
    });
    await screen.findByRole('rowheader', { name: 'Suzuki Gixxer' });
    await userEvent.click(within(row('Suzuki Gixxer')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete Suzuki Gixxer?', 'Are you sure, You want to delete?', 'Delete');
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/products/p3', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByRole('rowheader', { name: 'Suzuki Gixxer' })).not.toBeInTheDocument();
    // The one unsold listing left (the sold one has no Delete).
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });

  it("shows the server's message when the listings cannot be fetched", async () => {
    openMyListings({ [MINE]: [403, { error: 'forbidden', message: 'You can only see your own listings.' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only see your own listings.');
  });
});

describe("My Products: each bike's conversations", () => {
  it('leads from every bike, sold or not, to its conversations, counting what is unread', async () => {
    const withKarim = aConversation({ sellerId: '1', buyerId: '3', unread: 2 });
    const withSadia = aConversation({ _id: 'c3', sellerId: '1', buyerId: '4', unread: 1 });
    const aboutHonda = aConversation({ _id: 'c4', productId: 'p2', productName: 'Honda CBR', sellerId: '1', buyerId: '3' });
    const { router } = openMyListings({
      'GET /api/conversations': [200, [withKarim, withSadia, aboutHonda]],
      'GET /api/conversations?productId=p1': [200, [withKarim, withSadia]],
    });
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    const yamaha = await within(row('Yamaha R15')).findByRole('link', { name: 'Messages about Yamaha R15, 3 unread' });
    expect(yamaha).toHaveAttribute('href', '/dashboard/messages?bike=p1');
    expect(yamaha).toHaveTextContent('Messages3');
    // A sold bike's conversations stay open.
    expect(within(row('Honda CBR')).getByRole('link', { name: 'Messages about Honda CBR' })).toHaveAttribute(
      'href',
      '/dashboard/messages?bike=p2',
    );
    expect(within(row('Suzuki Gixxer')).getByRole('link', { name: 'Messages about Suzuki Gixxer' })).toHaveTextContent(
      /^Messages$/,
    );
    await userEvent.click(yamaha);
    await expect.poll(() => router.state.location.search).toBe('?bike=p1');
    expect(await screen.findByRole('heading', { name: 'About Yamaha R15' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /^Yamaha R15, with/ })).toHaveLength(2);
  });
});

describe('My Products: listings an admin looks at first', () => {
  const waiting = [
    aListing({ _id: 'p4', productName: 'TVS Apache', state: 'pending' }),
    aListing({
      _id: 'p5',
      productName: 'Bajaj Pulsar',
      state: 'rejected',
      stateReason: 'Please remove the phone number from the description',
    }),
    aListing({ _id: 'p1', productName: 'Yamaha R15' }),
  ];

  it('says which wait for review and which were rejected, why, and how to send one back; only a live one is advertised', async () => {
    openMyListings({ [MINE]: [200, waiting] });
    expect(await screen.findByRole('rowheader', { name: 'TVS Apache' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'In review: an admin looks at new sellers’ first listings before buyers see them. We will tell you as soon as it is live.',
      ),
    ).toBeInTheDocument();

    const apache = row('TVS Apache');
    expect(within(apache).getByText('In review')).toBeInTheDocument();
    expect(apache).not.toHaveTextContent('Available');
    expect(within(apache).queryByRole('button', { name: 'Advertise' })).not.toBeInTheDocument();
    expect(apache).toHaveTextContent('Once it is live');
    expect(within(apache).getByRole('link', { name: 'Edit TVS Apache' })).toBeInTheDocument();

    const pulsar = row('Bajaj Pulsar');
    expect(within(pulsar).getByText('Rejected')).toBeInTheDocument();
    expect(pulsar).toHaveTextContent('Please remove the phone number from the description');
    expect(pulsar).toHaveTextContent('Edit it to fix what the admin said: saving it sends it back for review.');
    expect(within(pulsar).queryByRole('button', { name: 'Advertise' })).not.toBeInTheDocument();
    expect(within(pulsar).getByRole('link', { name: 'Edit Bajaj Pulsar' })).toHaveAttribute(
      'href',
      '/dashboard/edit-product/p5',
    );

    const yamaha = row('Yamaha R15');
    expect(yamaha).toHaveTextContent('Available');
    expect(yamaha).not.toHaveTextContent('In review');
    expect(within(yamaha).getByRole('button', { name: 'Advertise' })).toBeInTheDocument();
  });

  it('explains review only while a listing waits for it', async () => {
    openMyListings({ [MINE]: [200, waiting.slice(1)] });
    await screen.findByRole('rowheader', { name: 'Bajaj Pulsar' });
    expect(screen.queryByText(/an admin looks at new sellers’ first listings/)).not.toBeInTheDocument();
  });

  it('shows an admin’s approval at once: the badge goes, Advertise comes, and the bike is listed once', async () => {
    const { queryClient } = openMyListings({ [MINE]: [200, waiting] });
    await screen.findByRole('rowheader', { name: 'TVS Apache' });
    const approved = aListing({ _id: 'p4', productName: 'TVS Apache', state: 'live' });
    act(() => {
      applyLiveEvent(queryClient, { event: 'listing.reviewed', data: approved });
      // An approval is news to every page as a new listing: the seller's has it already.
      applyLiveEvent(queryClient, { event: 'product.created', data: approved });
    });
    await waitFor(() => {
      expect(within(row('TVS Apache')).queryByText('In review')).not.toBeInTheDocument();
    });
    expect(screen.getAllByRole('rowheader', { name: 'TVS Apache' })).toHaveLength(1);
    expect(row('TVS Apache')).toHaveTextContent('Available');
    expect(within(row('TVS Apache')).getByRole('button', { name: 'Advertise' })).toBeInTheDocument();
    expect(screen.queryByText(/an admin looks at new sellers’ first listings/)).not.toBeInTheDocument();
  });

  it('shows an admin’s rejection at once, with the reason', async () => {
    const { queryClient } = openMyListings({ [MINE]: [200, waiting] });
    await screen.findByRole('rowheader', { name: 'TVS Apache' });
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'listing.reviewed',
        data: { ...aListing({ _id: 'p4', productName: 'TVS Apache' }), state: 'rejected', stateReason: 'Blurry photos' },
      });
    });
    expect(await within(row('TVS Apache')).findByText('Rejected')).toBeInTheDocument();
    expect(row('TVS Apache')).toHaveTextContent('Blurry photos');
  });
});
