import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking, aListing } from '@/test/fixtures.ts';
import { bearerOf, callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { REPORT_PROMPT } from '@/app/listings/use-listing-actions.tsx';
import { NO_LONGER_LISTED } from './listing.tsx';

const bike = aListing({
  photos: ['/uploads/bike.jpg', '/uploads/side.jpg', '/uploads/engine.jpg'],
  sellerVerification: true,
});

function publicForm(listing: Listing): Listing {
  const visible = { ...listing };
  delete visible.sellerEmail;
  delete visible.sellerPhone;
  return visible;
}

const search = (listings: Listing[]) => [200, { listings, total: listings.length, totalCapped: false, nextCursor: null }] as const;

/** The listing p1, and empty answers for the bikes beside it. */
function listingServer(listing: Listing, extra: FakeServer = {}): FakeServer {
  return {
    'GET /api/listings/p1': [200, listing],
    'GET /api/listings?seller=s1&except=p1&limit=4': [...search([])],
    'GET /api/listings?brand=Yamaha&except=p1&limit=4': [...search([])],
    'GET /api/listings?ccMin=124&ccMax=194&except=p1&limit=4': [...search([])],
    'GET /api/listings?category=c1&except=p1&limit=4': [...search([])],
    ...extra,
  };
}

describe('Listing page', () => {
  it('shows a visitor every photo and field of the public form, and asks them to log in to book', async () => {
    const fetchMock = fakeServer(listingServer(publicForm(bike)));
    const { router } = renderApp('/products/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Yamaha R15' })).toBeInTheDocument();
    // The title is set in an effect after the heading renders.
    await waitFor(() => {
      expect(document.title).toBe('Yamaha R15 · BikeHaat');
    });
    expect(bearerOf(fetchMock, 'GET /api/listings/p1')).toBeNull();
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('1 / 3');
    expect(screen.getByRole('img', { name: 'Yamaha R15, photo 2' })).toHaveAttribute('src', '/uploads/side.jpg');
    expect(screen.getByText('৳1,800')).toBeInTheDocument();
    expect(screen.getByText('৳2,500')).toHaveClass('line-through');
    const details = within(screen.getByRole('region', { name: 'Details' }));
    const facts: [term: string, value: string][] = [
      ['Brand', 'Yamaha'],
      ['Model', 'R15'],
      ['Engine', '155 cc'],
      ['Km driven', '14,500 km'],
      ['Registration year', '2021'],
      ['Location', 'Mirpur 10, Dhaka'],
      ['Condition', 'Excellent'],
      ['Color', 'Red'],
      ['Purchase year', '2021'],
      ['Years of use', '3'],
      ['Posted', '5/3/2026 14:07'],
    ];
    for (const [term, value] of facts) {
      expect(details.getByText(term).nextElementSibling).toHaveTextContent(value);
    }
    expect(screen.getByText('Serviced last month.')).toBeInTheDocument();

    const seller = within(screen.getByRole('region', { name: 'Seller' }));
    expect(seller.getByText('Rahim Seller')).toBeInTheDocument();
    expect(seller.getByText('Verified seller')).toBeInTheDocument();
    expect(seller.getByText('Member since January 2024')).toBeInTheDocument();
    const page = screen.getByRole('main');
    expect(page.querySelector('a[href^="tel:"]')).toBeNull();
    expect(page.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(seller.getByRole('button', { name: 'Log in to see the seller’s contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Wishlist' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report to Admin' })).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('GET /api/wishlist');

    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Please log in as a buyer to book this bike.')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.state).toEqual({ from: { pathname: '/products/p1', search: '' } });
  });

  it("gives a signed-in buyer the seller's phone and e-mail, and books through the booking modal", async () => {
    const fetchMock = fakeServer({ ...signedInAs('buyer'), ...listingServer(bike), 'GET /api/wishlist': [200, []] });
    renderApp('/products/p1');
    const seller = within(await screen.findByRole('region', { name: 'Seller' }));
    expect(seller.getByRole('link', { name: /01700000000/ })).toHaveAttribute('href', 'tel:01700000000');
    expect(seller.getByRole('link', { name: 'seller@example.com' })).toHaveAttribute('href', 'mailto:seller@example.com');
    expect(seller.queryByRole('button', { name: /Log in/ })).not.toBeInTheDocument();
    expect(bearerOf(fetchMock, 'GET /api/listings/p1')).toBe('Bearer token-of-buyer');

    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    const modal = screen.getByRole('dialog', { name: 'Your Order' });
    expect(within(modal).getByLabelText('Product')).toHaveValue('Yamaha R15');
    expect(within(modal).getByLabelText('Your name')).toHaveValue('Test buyer');
  });

  it('offers a buyer to chat on WhatsApp when the seller says the number takes it', async () => {
    const onWhatsapp = { ...bike, onWhatsapp: true, whatsapp: 'https://wa.me/8801700000000' };
    fakeServer({ ...signedInAs('buyer'), ...listingServer(onWhatsapp), 'GET /api/wishlist': [200, []] });
    renderApp('/products/p1');
    const seller = within(await screen.findByRole('region', { name: 'Seller' }));
    const chat = seller.getByRole('link', { name: 'Chat on WhatsApp' });
    expect(chat).toHaveAttribute('href', 'https://wa.me/8801700000000');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText('The seller shares their number in a conversation')).not.toBeInTheDocument();
  });

  it('offers no WhatsApp chat when the listing carries no WhatsApp link', async () => {
    fakeServer({ ...signedInAs('buyer'), ...listingServer(bike), 'GET /api/wishlist': [200, []] });
    renderApp('/products/p1');
    const seller = within(await screen.findByRole('region', { name: 'Seller' }));
    expect(seller.getByRole('link', { name: /01700000000/ })).toBeInTheDocument();
    expect(seller.queryByRole('link', { name: 'Chat on WhatsApp' })).not.toBeInTheDocument();
  });

  it('tells a buyer the seller shares their number in a conversation, beside Message seller', async () => {
    const kept: Listing = { ...bike, phoneInConversation: true, onWhatsapp: true };
    delete kept.sellerPhone;
    fakeServer({ ...signedInAs('buyer'), ...listingServer(kept), 'GET /api/wishlist': [200, []] });
    renderApp('/products/p1');
    const note = await screen.findByText('The seller shares their number in a conversation');
    expect(within(note.parentElement as HTMLElement).getByRole('button', { name: 'Message seller' })).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a[href^="tel:"]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Chat on WhatsApp' })).not.toBeInTheDocument();
  });

  it('lets a buyer save the bike and report it from its page', async () => {
    const sent: unknown[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      ...listingServer(bike),
      'GET /api/wishlist': [200, []],
      'POST /api/wishlist': (init) => {
        sent.push(JSON.parse(init.body as string));
        return [201, { acknowledged: true, insertedId: 'p1', events: [] }];
      },
      'PATCH /api/products/p1': (init) => {
        sent.push(JSON.parse(init.body as string));
        return [200, { acknowledged: true, modifiedCount: 1, deletedCount: 0, events: [] }];
      },
    });
    renderApp('/products/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Wishlist' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Saved to your wishlist')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Report to Admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Report Yamaha R15 to the admin?' });
    expect(dialog).toHaveAccessibleDescription(REPORT_PROMPT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scam' }));
    await userEvent.type(within(dialog).getByLabelText('Anything to add? (optional)'), 'Wants a bKash advance first.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Successfully Reported to Admin')).toBeInTheDocument();
    expect(sent).toEqual([
      { productId: 'p1' },
      { report: 'reported', reason: 'scam', note: 'Wants a bKash advance first.' },
    ]);
  });

  it('says the buyer booked it, with Pay Now instead of a second booking', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      ...listingServer(bike),
      'GET /api/orders/buyer%40example.com': [200, [aBooking({ _id: 'o7', bookingId: 'p1' })]],
    });
    renderApp('/products/p1');
    expect(await screen.findByText('Reserved for you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/dashboard/stripe-payment/o7');
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('shows Sold Out instead of Book Now for a sold bike', async () => {
    fakeServer({ ...signedInAs('buyer'), ...listingServer(aListing({ availability: 'sold' })) });
    renderApp('/products/p1');
    expect(await screen.findByText('Sold Out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByTestId('availability')).toHaveTextContent('sold');
  });

  it('says Reserved while another buyer holds the bike, and goes back to Available live', async () => {
    fakeServer({ ...signedInAs('buyer'), ...listingServer(aListing({ reserved: true })) });
    const { queryClient } = renderApp('/products/p1');
    expect(await screen.findByTestId('availability')).toHaveTextContent('Reserved');
    // Others may still book: they join the line.
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, { event: 'product.available', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    });
    await waitFor(() => {
      expect(screen.getByTestId('availability')).toHaveTextContent('Available');
    });
  });

  it('shows a seller their own bike without Book Now or a way to ask themselves', async () => {
    fakeServer({ ...signedInAs('seller'), ...listingServer({ ...bike, sellerId: '1' }) });
    renderApp('/products/p1');
    expect(await screen.findByText(/This is your bike\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('says a bike that is gone is no longer listed, with a way to the bikes for sale', async () => {
    fakeServer({
      'GET /api/listings/p1': [404, { error: 'not_found', message: 'This bike is no longer listed.' }],
    });
    renderApp('/products/p1');
    expect(await screen.findByRole('heading', { level: 1, name: NO_LONGER_LISTED })).toBeInTheDocument();
    await expect.poll(() => document.title).toBe(`${NO_LONGER_LISTED} · BikeHaat`);
    expect(screen.getByRole('link', { name: 'Browse bikes for sale' })).toHaveAttribute('href', '/products');
  });

  it('shows more bikes from the seller and similar ones, each leading to its own page', async () => {
    const others = [aListing({ _id: 'p8', productName: 'Yamaha FZ' }), aListing({ _id: 'p9', productName: 'Yamaha MT-15' })];
    fakeServer(
      listingServer(bike, {
        'GET /api/listings?seller=s1&except=p1&limit=4': [...search(others.slice(0, 1))],
        'GET /api/listings?brand=Yamaha&except=p1&limit=4': [...search(others)],
        'GET /api/listings?ccMin=124&ccMax=194&except=p1&limit=4': [
          ...search([aListing({ _id: 'p9', productName: 'Yamaha MT-15' }), aListing({ _id: 'p10', productName: 'Suzuki Gixxer' })]),
        ],
        'GET /api/listings?category=c1&except=p1&limit=4': [
          ...search([aListing({ _id: 'p11', productName: 'TVS Apache' }), aListing({ _id: 'p12', productName: 'Bajaj Pulsar' })]),
        ],
      }),
    );
    renderApp('/products/p1');
    const seller = within(await screen.findByRole('region', { name: 'More from this seller' }));
    expect(seller.getByRole('link', { name: /Yamaha FZ/ })).toHaveAttribute('href', '/products/p8');
    const similar = within(await screen.findByRole('region', { name: 'Similar bikes' }));
    // The same brand first, then bikes of about its engine size, then of its category: four, each once.
    expect(similar.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/products/p8',
      '/products/p9',
      '/products/p10',
      '/products/p11',
    ]);
  });
});

describe('Listing page: live', () => {
  async function openAsVisitor() {
    fakeServer(listingServer(publicForm(bike)));
    const view = renderApp('/products/p1');
    await screen.findByRole('heading', { level: 1, name: 'Yamaha R15' });
    const live = (event: Parameters<typeof applyLiveEvent>[1]) => {
      act(() => {
        applyLiveEvent(view.queryClient, event);
      });
    };
    return { ...view, live };
  }

  it('turns Sold Out when the bike is sold, without a reload', async () => {
    const { live } = await openAsVisitor();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    live({ event: 'product.sold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    expect(await screen.findByText('Sold Out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it("shows the seller's changes: price, photos, kilometres", async () => {
    const { live } = await openAsVisitor();
    live({
      event: 'product.updated',
      data: publicForm({ ...bike, resalePrice: 165000, kmDriven: 15200, photos: ['/uploads/new.jpg', '/uploads/side.jpg'] }),
    });
    expect(await screen.findByText('৳1,65,000')).toBeInTheDocument();
    expect(screen.getByText('15,200 km')).toBeInTheDocument();
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('1 / 2');
    expect(screen.getByRole('img', { name: 'Yamaha R15' })).toHaveAttribute('src', '/uploads/new.jpg');
  });

  it('says the bike is no longer listed once it is deleted', async () => {
    const { live } = await openAsVisitor();
    live({ event: 'product.deleted', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    expect(await screen.findByRole('heading', { level: 1, name: NO_LONGER_LISTED })).toBeInTheDocument();
  });
});

describe('Listing page: a listing buyers cannot see yet', () => {
  const waiting = { ...bike, sellerId: '1', state: 'pending' };
  const rejected = { ...bike, sellerId: '1', state: 'rejected', stateReason: 'Please remove the phone number' };

  /** The buying actions, none of which a listing that is not live offers. */
  function expectNoBuyingActions() {
    for (const name of ['Book Now', 'Add to Wishlist', 'Report to Admin', 'Make an offer']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a[href^="tel:"]')).toBeNull();
  }

  it('tells its seller it is in review, and why a new seller waits, without a way to buy it', async () => {
    fakeServer({ ...signedInAs('seller'), ...listingServer(waiting) });
    renderApp('/products/p1');
    const banner = await screen.findByRole('region', { name: 'In review — buyers cannot see this bike yet' });
    expect(banner).toHaveTextContent('an admin looks at new sellers’ first listings before buyers see them.');
    expect(within(banner).getByRole('link', { name: 'See it in My Products' })).toHaveAttribute(
      'href',
      '/dashboard/seller-products',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.queryByText('Available')).not.toBeInTheDocument();
    expect(screen.queryByText(/This is your bike\./)).not.toBeInTheDocument();
    expectNoBuyingActions();
  });

  it('tells its seller an admin rejected it, why, and that an edit sends it back', async () => {
    fakeServer({ ...signedInAs('seller'), ...listingServer(rejected) });
    renderApp('/products/p1');
    const banner = await screen.findByRole('region', { name: 'Rejected: Please remove the phone number' });
    expect(banner).toHaveTextContent('Buyers cannot see this bike: edit it to send it back for review.');
    expect(within(banner).getByRole('link', { name: 'Edit Yamaha R15' })).toHaveAttribute(
      'href',
      '/dashboard/edit-product/p1',
    );
    expectNoBuyingActions();
  });

  it('offers an admin to decide it in Listing review', async () => {
    fakeServer({ ...signedInAs('admin'), ...listingServer({ ...bike, state: 'pending' }) });
    renderApp('/products/p1');
    const banner = await screen.findByRole('region', { name: 'In review — buyers cannot see this bike yet' });
    expect(within(banner).getByRole('link', { name: 'Decide it in Listing review' })).toHaveAttribute(
      'href',
      '/dashboard/listing-reviews',
    );
    expect(within(banner).queryByRole('link', { name: 'See it in My Products' })).not.toBeInTheDocument();
    expectNoBuyingActions();
  });

  it('drops the banner the moment an admin approves it, and the bike is its seller’s as any other', async () => {
    fakeServer({ ...signedInAs('seller'), ...listingServer(waiting) });
    const { queryClient } = renderApp('/products/p1');
    await screen.findByRole('region', { name: 'In review — buyers cannot see this bike yet' });
    act(() => {
      applyLiveEvent(queryClient, { event: 'listing.reviewed', data: { ...waiting, state: 'live' } });
    });
    expect(await screen.findByText(/This is your bike\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /In review/ })).not.toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
  });

  it('says so in Bangla on a Bangla page', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('seller'), ...listingServer(rejected) });
    renderApp('/products/p1');
    const banner = await screen.findByRole('region', { name: 'ফিরিয়ে দেওয়া হয়েছে: Please remove the phone number' });
    expect(banner).toHaveTextContent('ক্রেতারা এই বাইকটি দেখতে পাচ্ছেন না: বদলে দিলে এটা আবার যাচাইয়ে যাবে।');
    expect(within(banner).getByRole('link', { name: 'Yamaha R15 বদলান' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: '“আমার বাইক”-এ দেখুন' })).toBeInTheDocument();
  });

  it('shows a rejection the moment an admin decides, with the reason', async () => {
    fakeServer({ ...signedInAs('seller'), ...listingServer(waiting) });
    const { queryClient } = renderApp('/products/p1');
    await screen.findByRole('region', { name: 'In review — buyers cannot see this bike yet' });
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'listing.reviewed',
        data: { ...waiting, state: 'rejected', stateReason: 'The photos do not show the bike for sale' },
      });
    });
    expect(
      await screen.findByRole('region', { name: 'Rejected: The photos do not show the bike for sale' }),
    ).toBeInTheDocument();
  });
});
