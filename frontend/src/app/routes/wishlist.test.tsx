import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aListing } from '@/test/fixtures.ts';
import { callsOf, fakeServer, holdFetchesOf, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const yamaha = aListing();
const honda = aListing({ _id: 'p2', productName: 'Honda CBR', categoryId: 'c2' });

function openWishlist(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('buyer'), 'GET /api/wishlist': [200, [honda, yamaha]], ...server });
  return { fetchMock, ...renderApp('/dashboard/wishlist') };
}

const card = (name: string) => screen.findByRole('article', { name });
const titles = () => screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'));

describe('Wishlist page', () => {
  it("lists the buyer's saved bikes, latest first, each saved and bookable", async () => {
    openWishlist();
    expect(await screen.findByRole('heading', { level: 2, name: 'My Wishlist' })).toBeInTheDocument();
    const cbr = await card('Honda CBR');
    expect(screen.getByRole('heading', { level: 3, name: 'Honda CBR' })).toBeInTheDocument();
    expect(titles()).toEqual(['product-p2-name', 'product-p1-name']);
    expect(screen.getByText('2 saved bikes')).toBeInTheDocument();
    expect(within(cbr).getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(cbr).getByText('seller@example.com')).toBeInTheDocument();
    // The side panel's Wishlist leads here.
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/dashboard/wishlist');

    await userEvent.click(within(cbr).getByRole('button', { name: 'Book Now' }));
    const booking = screen.getByRole('dialog', { name: 'Your Order' });
    expect(within(booking).getByLabelText('Product')).toHaveValue('Honda CBR');
  });

  it('turns a saved bike Sold Out the moment it sells, without reading the list again', async () => {
    const { fetchMock, queryClient } = openWishlist();
    const cbr = await card('Honda CBR');
    expect(within(cbr).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();

    act(() => {
      applyLiveEvent(queryClient, { event: 'product.sold', data: { _id: 'p2', categoryId: 'c2', sellerId: 's1' } });
    });
    await waitFor(() => {
      expect(cbr).toHaveTextContent('Sold Out');
    });
    expect(within(cbr).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(within(cbr).getByTestId('availability')).toHaveTextContent('sold');
    // Still saved, so still removable; the other bike is untouched.
    expect(within(cbr).getByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(within(await card('Yamaha R15')).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call === 'GET /api/wishlist')).toHaveLength(1);

    // A listing deleted by its seller leaves the wishlist.
    act(() => {
      applyLiveEvent(queryClient, { event: 'product.deleted', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    });
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Yamaha R15' })).not.toBeInTheDocument();
    });
  });

  it('removes a bike at once, with a short toast', async () => {
    const { fetchMock } = openWishlist({
      'DELETE /api/wishlist/p2': [200, { acknowledged: true, modifiedCount: 0, deletedCount: 1, events: [] }],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Saved' }));
    expect(screen.queryByRole('article', { name: 'Honda CBR' })).not.toBeInTheDocument();
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('DELETE /api/wishlist/p2');
    expect(screen.getByText('1 saved bike')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Yamaha R15' })).toBeInTheDocument();
  });

  it('puts a bike back in its place, and says why, when removing it fails', async () => {
    openWishlist({
      'DELETE /api/wishlist/p1': [500, { error: 'internal', message: 'Something went wrong on our side.' }],
    });
    const yamahaCard = await card('Yamaha R15');
    const release = holdFetchesOf('/api/wishlist/p1');
    await userEvent.click(within(yamahaCard).getByRole('button', { name: 'Saved' }));
    expect(screen.queryByRole('article', { name: 'Yamaha R15' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await card('Yamaha R15');
    expect(titles()).toEqual(['product-p2-name', 'product-p1-name']);
    expect(screen.queryByText('Removed from your wishlist')).not.toBeInTheDocument();
  });

  it('says what will appear here, and where to find bikes, when nothing is saved', async () => {
    openWishlist({ 'GET /api/wishlist': [200, []] });
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByText(/Tap Add to Wishlist on any bike you like/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse bike categories' })).toHaveAttribute('href', '/#categories');
  });

  it('is for those who buy: buyers and sellers, not admins', async () => {
    const fetchMock = fakeServer({ ...signedInAs('admin') });
    const { router } = renderApp('/dashboard/wishlist');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(callsOf(fetchMock)).not.toContain('GET /api/wishlist');
  });
});
