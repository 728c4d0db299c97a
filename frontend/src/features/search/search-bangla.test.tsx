// The products page and the latest bikes in Bangla, and the filters that read what people
// type: prices as "২ লাখ" or "2L", numbers in Bengali digits, sent as plain numbers.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, type FakeServer } from '@/test/render-app.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { LanguageContext } from '@/lib/i18n/language-context.ts';
import type { Locale } from '@/lib/i18n/locale.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { LATEST_COUNT } from '@/lib/live/search-events.ts';
import { LatestBikes } from '@/features/search/components/latest-bikes.tsx';

const searchCall = (query: string) => {
  const params = new URLSearchParams(query);
  params.set('limit', '12');
  return `GET /api/listings?${params.toString()}`;
};

const page = (listings: Listing[], total = listings.length) =>
  [200, { listings, total, totalCapped: false, nextCursor: null }] as [number, unknown];

const fields: FakeServer = {
  'GET /api/listings/fields': [200, { brands: ['Bajaj', 'Honda', 'Yamaha'], districts: ['Dhaka', 'Gazipur'] }],
  'GET /api/categories': [200, [{ _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/c.png' }]],
};

const yamaha = aListing({ _id: 'p1', productName: 'Yamaha R15' });
const honda = aListing({ _id: 'p2', productName: 'Honda CB Hornet', brand: 'Honda', resalePrice: 210000 });

/** The searches the page asked the server for. */
const searches = (fetchMock: ReturnType<typeof fakeServer>) =>
  callsOf(fetchMock).filter((call) => call.startsWith('GET /api/listings?'));

describe('Products page in Bangla', () => {
  it('says the page, the filters and the count in Bangla, with Bengali digits', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...fields, [searchCall('')]: page([yamaha, honda], 125000) });
    renderApp('/products');

    expect(await screen.findByRole('heading', { name: 'আপনার পছন্দের বাইক খুঁজুন' })).toBeInTheDocument();
    expect(await screen.findByText('১,২৫,০০০টি বাইক')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'বাইক খুঁজুন' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'দাম (৳)' })).toBeInTheDocument();
    expect(screen.getByLabelText('সর্বোচ্চ দাম')).toHaveAttribute('placeholder', 'সর্বোচ্চ');
    const cc = screen.getByLabelText('সর্বনিম্ন সিসি');
    expect(within(cc).getByRole('option', { name: '১৫০ সিসি' })).toHaveValue('150');
    expect(within(screen.getByLabelText('সর্বোচ্চ কত কিমি চলেছে')).getByRole('option', { name: '২০,০০০ কিমি' })).toHaveValue(
      '20000',
    );
    expect(within(screen.getByLabelText('সাজান')).getByRole('option', { name: 'দাম: কম থেকে বেশি' })).toBeInTheDocument();
    expect(screen.getByLabelText('শুধু যাচাই করা বিক্রেতা')).not.toBeChecked();
  });

  it('says when nothing matches, and how many filters are on', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...fields, [searchCall('brand=Honda')]: page([]) });
    renderApp('/products?brand=Honda');
    expect(await screen.findByText('কোনো বাইক মেলেনি')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ফিল্টার মুছুন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^ফিল্টার\s*১টি ফিল্টার$/ })).toBeInTheDocument();
  });

  it('stays English by default', async () => {
    fakeServer({ ...fields, [searchCall('')]: page([yamaha, honda]) });
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: 'Find the right bike' })).toBeInTheDocument();
    expect(await screen.findByText('2 bikes')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Lowest cc')).getByRole('option', { name: '150 cc' })).toHaveValue('150');
    expect(screen.getByLabelText('Highest price')).toHaveAttribute('placeholder', 'Max');
  });
});

describe('Price filters read prices as people write them', () => {
  it('reads "২ লাখ" as 200000: the address and the search carry the number, the field says what it understood', async () => {
    localStorage.setItem('language', 'bn');
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('')]: page([yamaha, honda]),
      [searchCall('priceMax=200000')]: page([yamaha]),
    });
    const { router } = renderApp('/products');
    await screen.findByText('২টি বাইক');

    const highest = screen.getByLabelText('সর্বোচ্চ দাম');
    await userEvent.type(highest, '২ লাখ');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?priceMax=200000');
    });
    expect(await screen.findByText('১টি বাইক')).toBeInTheDocument();
    expect(searches(fetchMock)).toContain(searchCall('priceMax=200000'));
    expect(highest).toHaveValue('২ লাখ');
    const hint = screen.getByText('= ৳২,০০,০০০');
    expect(hint).toHaveAttribute('aria-live', 'polite');
    expect(highest).toHaveAccessibleDescription('= ৳২,০০,০০০');
    expect(highest).not.toHaveAttribute('aria-invalid');
  });

  it('reads "2 lakh" and "2L" in English too, and shows plain digits grouped as before', async () => {
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('')]: page([yamaha, honda]),
      [searchCall('priceMin=150000')]: page([honda]),
      [searchCall('priceMin=150000&priceMax=200000')]: page([honda]),
    });
    const { router } = renderApp('/products');
    await screen.findByText('2 bikes');

    await userEvent.type(screen.getByLabelText('Lowest price'), '150000');
    expect(screen.getByLabelText('Lowest price')).toHaveValue('1,50,000');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?priceMin=150000');
    });

    await userEvent.type(screen.getByLabelText('Highest price'), '2L');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?priceMin=150000&priceMax=200000');
    });
    expect(screen.getByText('= ৳2,00,000')).toBeInTheDocument();
    await waitFor(() => {
      expect(searches(fetchMock)).toContain(searchCall('priceMin=150000&priceMax=200000'));
    });
  });

  it('says so under the field when it cannot read the price, and sends nothing', async () => {
    const fetchMock = fakeServer({ ...fields, [searchCall('')]: page([yamaha, honda]) });
    const { router } = renderApp('/products');
    await screen.findByText('2 bikes');

    const highest = screen.getByLabelText('Highest price');
    await userEvent.type(highest, 'cheap');
    const message = await screen.findByText('Type the price in numbers, like 250000, 2.5 lakh or 2L');
    expect(message).toHaveAttribute('role', 'alert');
    expect(highest).toHaveAttribute('aria-invalid', 'true');
    expect(highest).toHaveAccessibleDescription('Type the price in numbers, like 250000, 2.5 lakh or 2L');
    await userEvent.tab();
    expect(router.state.location.search).toBe('');
    expect(searches(fetchMock).every((call) => !call.includes('price'))).toBe(true);

    // Putting it right takes the message away and sends the price.
    await userEvent.clear(highest);
    await userEvent.type(highest, '2.5 lakh');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?priceMax=250000');
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it in Bangla on a Bangla page', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...fields, [searchCall('')]: page([yamaha]) });
    const { router } = renderApp('/products');
    await screen.findByText('১টি বাইক');
    await userEvent.type(screen.getByLabelText('সর্বনিম্ন দাম'), 'অনেক');
    expect(await screen.findByText('দাম সংখ্যায় লিখুন, যেমন ২৫০০০০, ২.৫ লাখ বা 2L')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('A price said in the search words', () => {
  it('searches "২ লাখের নিচে পালসার" as পালসার up to ৳2,00,000, keeps the words as typed and says what it read', async () => {
    localStorage.setItem('language', 'bn');
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('')]: page([yamaha, honda]),
      [searchCall('q=পালসার&priceMax=200000')]: page([yamaha]),
    });
    const { router } = renderApp('/products');
    await screen.findByText('২টি বাইক');

    const box = screen.getByRole('searchbox', { name: 'বাইক খুঁজুন' });
    await userEvent.type(box, '২ লাখের নিচে পালসার');
    expect(await screen.findByText('১টি বাইক')).toBeInTheDocument();
    expect(searches(fetchMock)).toContain(searchCall('q=পালসার&priceMax=200000'));
    expect(searches(fetchMock).some((call) => call.includes(encodeURIComponent('লাখের')))).toBe(false);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('২ লাখের নিচে পালসার');
    expect(box).toHaveValue('২ লাখের নিচে পালসার');
    const said = screen.getByText('আপনার কথামতো দাম ৳২,০০,০০০ পর্যন্ত');
    expect(said).toHaveAttribute('aria-live', 'polite');
    expect(box).toHaveAccessibleDescription('আপনার কথামতো দাম ৳২,০০,০০০ পর্যন্ত');
  });

  it('keeps the tighter price when a filter sets one too, in English', async () => {
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('q=pulsar&priceMax=150000')]: page([yamaha]),
    });
    renderApp(`/products?${new URLSearchParams({ q: 'pulsar under 2 lakh', priceMax: '150000' }).toString()}`);
    expect(await screen.findByText('1 bike')).toBeInTheDocument();
    expect(searches(fetchMock)).toEqual([searchCall('q=pulsar&priceMax=150000')]);
    expect(screen.getByText('Price up to ৳2,00,000, as your words say')).toBeInTheDocument();
  });

  it('reads a range and says it', async () => {
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('q=fz&priceMin=100000&priceMax=200000')]: page([honda]),
    });
    renderApp(`/products?${new URLSearchParams({ q: 'fz 1-2 lakh' }).toString()}`);
    expect(await screen.findByText('1 bike')).toBeInTheDocument();
    expect(searches(fetchMock)).toEqual([searchCall('q=fz&priceMin=100000&priceMax=200000')]);
    expect(screen.getByText('Price ৳1,00,000 to ৳2,00,000, as your words say')).toBeInTheDocument();
  });

  it('says nothing and sends the words as they are when they say no price', async () => {
    const fetchMock = fakeServer({ ...fields, [searchCall('q=pulsar 150')]: page([yamaha]) });
    renderApp('/products?q=pulsar+150');
    expect(await screen.findByText('1 bike')).toBeInTheDocument();
    expect(searches(fetchMock)).toEqual([searchCall('q=pulsar 150')]);
    expect(screen.queryByText(/as your words say/)).toBeNull();
  });
});

describe('Number filters read Bengali digits', () => {
  it('sends "১৫০" cc, "২০২০" and "২০০০০" km from the address as Latin digits, and shows them chosen', async () => {
    localStorage.setItem('language', 'bn');
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('ccMin=150&yearMin=2020&kmMax=20000')]: page([yamaha]),
    });
    renderApp('/products?ccMin=১৫০&yearMin=২০২০&kmMax=২০,০০০');
    expect(await screen.findByText('১টি বাইক')).toBeInTheDocument();
    expect(searches(fetchMock)).toEqual([searchCall('ccMin=150&yearMin=2020&kmMax=20000')]);
    expect(screen.getByLabelText('সর্বনিম্ন সিসি')).toHaveDisplayValue('১৫০ সিসি');
    expect(screen.getByLabelText('যে সাল থেকে')).toHaveDisplayValue('২০২০');
    expect(screen.getByLabelText('সর্বোচ্চ কত কিমি চলেছে')).toHaveDisplayValue('২০,০০০ কিমি');
  });

  it('sets ccMin=150 when "১৫০ সিসি" is chosen', async () => {
    localStorage.setItem('language', 'bn');
    const fetchMock = fakeServer({
      ...fields,
      [searchCall('')]: page([yamaha, honda]),
      [searchCall('ccMin=150')]: page([yamaha]),
    });
    const { router } = renderApp('/products');
    await screen.findByText('২টি বাইক');
    await userEvent.selectOptions(screen.getByLabelText('সর্বনিম্ন সিসি'), '১৫০ সিসি');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?ccMin=150');
    });
    expect(await screen.findByText('১টি বাইক')).toBeInTheDocument();
    expect(searches(fetchMock)).toContain(searchCall('ccMin=150'));
  });
});

describe('Latest bikes', () => {
  const show = (locale: Locale) => {
    fakeServer({
      [`GET /api/listings?limit=${String(LATEST_COUNT)}`]: page([
        aListing({ _id: 'p1', productName: 'Yamaha R15', resalePrice: 185000, kmDriven: 14500, availability: 'sold' }),
      ]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LanguageContext value={{ locale, setLocale: () => undefined }}>
          <MemoryRouter>
            <LatestBikes />
          </MemoryRouter>
        </LanguageContext>
      </QueryClientProvider>,
    );
  };

  it('shows the newest bikes in Bangla: price and km in Bengali digits', async () => {
    show('bn');
    expect(await screen.findByText('৳১,৮৫,০০০')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'নতুন আসা বাইক' })).toBeInTheDocument();
    expect(screen.getByText('১৪,৫০০ কিমি চলেছে · Dhaka')).toBeInTheDocument();
    expect(screen.getByText('বিক্রি হয়ে গেছে')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'সব বাইক দেখুন →' })).toBeInTheDocument();
  });

  it('shows them in English as before', async () => {
    show('en');
    expect(await screen.findByText('৳1,85,000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest bikes' })).toBeInTheDocument();
    expect(screen.getByText('14,500 km · Dhaka')).toBeInTheDocument();
    expect(screen.getByText('Sold Out')).toBeInTheDocument();
  });
});
