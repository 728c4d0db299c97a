// The home page and the pages off it read in Bangla, with Bengali digits, when the reader
// chose Bangla on this device; English stays the default.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const advert = {
  _id: 'a1',
  advertiseId: 'p1',
  productName: 'Yamaha FZS V3',
  productImage: '/uploads/fzs.png',
  categoryId: 'c1',
  resalePrice: 185000,
  location: 'Mirpur, Dhaka',
};

const homeServer: FakeServer = {
  'GET /api/categories': [200, [{ _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/sports.webp' }]],
  'GET /api/advertise': [200, [advert]],
};

const search = [200, { listings: [], total: 0, totalCapped: false, nextCursor: null }] as const;

function inBangla() {
  localStorage.setItem('language', 'bn');
}

describe('The home page and the pages off it, in Bangla', () => {
  it('shows the home page in Bangla, prices in Bengali digits with lakh grouping', async () => {
    inBangla();
    fakeServer({ ...homeServer });
    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'স্বাগতম, বাইকপ্রেমীরা' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'শুরু করুন' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('heading', { name: 'বাইকের ক্যাটাগরি' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Sports Bikes/ })).toHaveTextContent('বাইক দেখুন →');

    const adverts = (await screen.findByRole('heading', { name: 'প্রচারিত বিজ্ঞাপন' })).closest('section');
    expect(adverts).not.toBeNull();
    expect(within(adverts as HTMLElement).getByText('৳১,৮৫,০০০')).toBeInTheDocument();

    expect(screen.getByText('কার্ড, বিকাশ বা নগদ')).toBeInTheDocument();
    expect(screen.getByText('বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫')).toBeInTheDocument();
    expect(screen.getByText('শনিবার – বৃহস্পতিবার, সকাল ১০টা – রাত ৮টা')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'নিরাপদে দেখা করা' })).toHaveAttribute('href', '/blog#meeting-a-seller-safely');
    expect(screen.queryByText('Hey Bike Lovers')).not.toBeInTheDocument();
  });

  it('counts a buyer’s saved bikes in Bangla', async () => {
    inBangla();
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/wishlist': [200, [aListing({ _id: 'p2', productName: 'Honda CBR' }), aListing()]],
    });
    renderApp('/dashboard/wishlist');

    expect(await screen.findByRole('heading', { level: 2, name: 'আমার পছন্দের তালিকা' })).toBeInTheDocument();
    expect(await screen.findByText('২টি বাইক রাখা আছে')).toBeInTheDocument();
  });

  it('says in Bangla that the wishlist is empty, with a way to the categories', async () => {
    inBangla();
    fakeServer({ ...signedInAs('buyer'), 'GET /api/wishlist': [200, []] });
    renderApp('/dashboard/wishlist');

    expect(await screen.findByText('আপনার পছন্দের তালিকা খালি।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'বাইকের ক্যাটাগরি দেখুন' })).toHaveAttribute('href', '/#categories');
  });

  it('shows a listing’s page texts and posting time in Bangla', async () => {
    inBangla();
    fakeServer({
      'GET /api/listings/p1': [200, aListing()],
      'GET /api/listings?seller=s1&except=p1&limit=4': [...search],
      'GET /api/listings?brand=Yamaha&except=p1&limit=4': [...search],
      'GET /api/listings?ccMin=124&ccMax=194&except=p1&limit=4': [...search],
      'GET /api/listings?category=c1&except=p1&limit=4': [...search],
    });
    renderApp('/products/p1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'বিস্তারিত' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'বর্ণনা' })).toBeInTheDocument();
    const posted = screen.getAllByText('৫/৩/২০২৬ ১৪:০৭').map((time) => time.parentElement?.textContent);
    expect(posted).toContain('পোস্ট করা হয়েছে ৫/৩/২০২৬ ১৪:০৭');
    expect(screen.getByRole('link', { name: 'বিক্রির বাইক' })).toHaveAttribute('href', '/products');
  });

  it('says in Bangla that a bike is no longer listed, and that a page is not found', async () => {
    inBangla();
    fakeServer({ 'GET /api/listings/p1': [404, { error: 'not_found', message: 'This bike is no longer listed.' }] });
    const { router } = renderApp('/products/p1');

    expect(await screen.findByRole('heading', { level: 1, name: 'এই বাইকের বিজ্ঞাপনটি আর নেই।' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'বিক্রির বাইকগুলো দেখুন' })).toHaveAttribute('href', '/products');

    await router.navigate('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'দুঃখিত, পেজটি খুঁজে পাওয়া গেল না' })).toBeInTheDocument();
    expect(screen.getByText('৪০৪')).toBeInTheDocument();
    await expect.poll(() => document.title).toBe('পেজটি পাওয়া যায়নি · BikeHaat');
  });

  it('stays in English by default', async () => {
    fakeServer({ ...homeServer });
    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Hey Bike Lovers' })).toBeInTheDocument();
    expect(screen.getByText("Bangladesh's used motorcycle haat")).toBeInTheDocument();
    expect(await screen.findByText('৳1,85,000')).toBeInTheDocument();
    expect(screen.getByText('Saturday – Thursday, 10am – 8pm')).toBeInTheDocument();
    expect(screen.getByText('Card, bKash or cash')).toBeInTheDocument();
  });

});
