import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, type FakeServer } from '@/test/render-app.tsx';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import type { Listing } from '@/lib/api/types.ts';

/** The call the page makes for a search (`query` as the address writes it). */
const searchCall = (query: string, cursor?: string) => {
  const params = new URLSearchParams(query);
  params.set('limit', '12');
  if (cursor) params.set('cursor', cursor);
  return `GET /api/listings?${params.toString()}`;
};

const page = (listings: Listing[], total = listings.length, nextCursor: string | null = null) =>
  [200, { listings, total, totalCapped: false, nextCursor }] as [number, unknown];

const fields: FakeServer = {
  'GET /api/listings/fields': [200, { brands: ['Bajaj', 'Honda', 'Yamaha', 'Other'], districts: ['Dhaka', 'Gazipur'] }],
  'GET /api/categories': [200, [{ _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/c.png' }]],
};

const yamaha = aListing({ _id: 'p1', productName: 'Yamaha R15' });
const honda = aListing({ _id: 'p2', productName: 'Honda CB Hornet', brand: 'Honda', model: 'CB Hornet', resalePrice: 210000 });

describe('Products page: the count', () => {
  it('says 1,000+ when the server stopped counting', async () => {
    fakeServer({
      ...fields,
      [searchCall('')]: [200, { listings: [yamaha], total: 1000, totalCapped: true, nextCursor: 'newest.0.1' }],
    });
    renderApp('/products');
    expect(await screen.findByText('1,000+ bikes')).toBeInTheDocument();
  });
});

describe('Products page: the filters live in the address', () => {
  it('reads the search from the address, shows it in the filters and counts the bikes', async () => {
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('q=r15&priceMax=250000&brand=Honda%2CYamaha&sort=price-low')]: page([yamaha], 31),
    });
    renderApp('/products?q=r15&brand=Honda,Yamaha&priceMax=2,50,000&sort=price-low');

    expect(await screen.findByRole('article', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.getByText('31 bikes')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search bikes' })).toHaveValue('r15');
    expect(screen.getByLabelText('Highest price')).toHaveValue('2,50,000');
    expect(screen.getByLabelText('Sort')).toHaveValue('price-low');
    expect(await screen.findByRole('button', { name: 'Honda' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bajaj' })).toHaveAttribute('aria-pressed', 'false');
    expect(callsOf(fetchMock)).toContain(searchCall('q=r15&priceMax=250000&brand=Honda%2CYamaha&sort=price-low'));
  });

  it('puts a filter in the address, and the back button takes it off again', async () => {
    fakeServer({
      ...fields,
      [searchCall('')]: page([yamaha, honda]),
      [searchCall('brand=Honda')]: page([honda]),
      [searchCall('brand=Honda&verified=true')]: page([]),
    });
    const { router } = renderApp('/products');
    expect(await screen.findByText('2 bikes')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Honda' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?brand=Honda');
    });
    expect(await screen.findByText('1 bike')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Yamaha R15' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Verified sellers only'));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?brand=Honda&verified=true');
    });
    expect(await screen.findByText('No bikes match')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?brand=Honda');
    expect(screen.getByLabelText('Verified sellers only')).not.toBeChecked();
    expect(await screen.findByRole('article', { name: 'Honda CB Hornet' })).toBeInTheDocument();
  });

  it('follows typing after a pause, with one history entry for the whole word', async () => {
    fakeServer({
      ...fields,
      [searchCall('')]: page([yamaha, honda]),
      [searchCall('q=hornet')]: page([honda]),
    });
    const { router } = renderApp('/products');
    await screen.findByText('2 bikes');
    const before = router.state.historyAction;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bikes' }), 'hor');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=hor');
    });
    expect(router.state.historyAction).toBe('PUSH');
    expect(before).toBe('POP');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bikes' }), 'net');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=hornet');
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('1 bike')).toBeInTheDocument();

    // Back leaves the search, not one letter of it.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await waitFor(() => {
      expect(screen.getByRole('searchbox', { name: 'Search bikes' })).toHaveValue('');
    });
  });

  it("shows the server's message beside the filter it refused", async () => {
    fakeServer({
      ...fields,
      [searchCall('priceMin=300000&priceMax=100000')]: [
        422,
        {
          error: 'validation',
          message: 'Please check the form.',
          fields: { priceMax: 'The highest must not be below the lowest' },
        },
      ],
    });
    renderApp('/products?priceMin=300000&priceMax=100000');
    const price = await screen.findByRole('group', { name: 'Price (৳)' });
    expect(await within(price).findByText('The highest must not be below the lowest')).toBeInTheDocument();
    expect(within(price).getByLabelText('Highest price')).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByRole('group', { name: 'Registration year' })).queryByRole('alert')).toBeNull();
  });

  it('helps out of an empty search: Clear filters', async () => {
    fakeServer({
      ...fields,
      [searchCall('q=vespa&district=Gazipur')]: page([]),
      [searchCall('')]: page([yamaha]),
    });
    const { router } = renderApp('/products?q=vespa&district=Gazipur');
    expect(await screen.findByText('No bikes match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(await screen.findByRole('article', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search bikes' })).toHaveValue('');
  });
});

describe('Products page: the filters sheet (phones)', () => {
  it('opens behind the Filters button with a count of filters, Clear all, and the bikes found', async () => {
    fakeServer({
      ...fields,
      [searchCall('district=Dhaka&brand=Honda')]: page([honda]),
      [searchCall('')]: page([yamaha, honda]),
    });
    const { router } = renderApp('/products?brand=Honda&district=Dhaka');
    await screen.findByText('1 bike');
    await userEvent.click(screen.getByRole('button', { name: /^Filters\s*2 filters$/ }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(await within(sheet).findByRole('button', { name: 'Honda' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    await userEvent.click(await within(sheet).findByRole('button', { name: 'Show 2 bikes' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});

describe('Products page: pages of results', () => {
  it('loads the next page after the cursor of the last, and keeps the first', async () => {
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('')]: page([yamaha], 2, 'newest.0.1'),
      [searchCall('', 'newest.0.1')]: page([honda], 2, null),
    });
    renderApp('/products');
    await screen.findByRole('article', { name: 'Yamaha R15' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Honda CB Hornet' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain(searchCall('', 'newest.0.1'));
  });
});

describe('Products page: live', () => {
  it('counts new bikes that match the search, once each, and shows them on a tap', async () => {
    let reads = 0;
    const fresh = aListing({ _id: 'p9', productName: 'Honda Hornet 2.0', brand: 'Honda', model: 'Hornet 2.0' });
    fakeServer({
      ...fields,
      [searchCall('brand=Honda')]: () => {
        reads += 1;
        return reads === 1 ? page([honda]) : page([fresh, honda]);
      },
    });
    const { queryClient } = renderApp('/products?brand=Honda');
    await screen.findByRole('article', { name: 'Honda CB Hornet' });

    act(() => {
      applyLiveEvent(queryClient, { event: 'product.created', data: fresh });
      applyLiveEvent(queryClient, { event: 'product.created', data: fresh });
      // Not a Honda: not counted.
      applyLiveEvent(queryClient, { event: 'product.created', data: aListing({ _id: 'p8' }) });
    });
    await userEvent.click(await screen.findByRole('button', { name: /1 new bike matches/ }));
    expect(await screen.findByRole('article', { name: 'Honda Hornet 2.0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new bike/ })).not.toBeInTheDocument();
    expect(reads).toBe(2);

    // The event again (a replay) brings back nothing to show.
    act(() => {
      applyLiveEvent(queryClient, { event: 'product.created', data: fresh });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByRole('button', { name: /new bike/ })).not.toBeInTheDocument();
  });

  it('flips a card to Sold Out and takes a deleted one away, however often the event comes', async () => {
    fakeServer({ ...fields, [searchCall('')]: page([yamaha, honda], 2) });
    const { queryClient } = renderApp('/products');
    await screen.findByText('2 bikes');
    const ref = (listing: Listing) => ({ _id: listing._id, categoryId: listing.categoryId, sellerId: listing.sellerId });

    act(() => {
      applyLiveEvent(queryClient, { event: 'product.sold', data: ref(yamaha) });
      applyLiveEvent(queryClient, { event: 'product.sold', data: ref(yamaha) });
    });
    const sold = screen.getByRole('article', { name: 'Yamaha R15' });
    expect(await within(sold).findByText('Sold Out')).toBeInTheDocument();

    act(() => {
      applyLiveEvent(queryClient, { event: 'product.deleted', data: ref(honda) });
      applyLiveEvent(queryClient, { event: 'product.deleted', data: ref(honda) });
    });
    expect(await screen.findByText('1 bike')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Honda CB Hornet' })).not.toBeInTheDocument();
  });
});
