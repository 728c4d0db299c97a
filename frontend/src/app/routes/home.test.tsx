import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

const advert = {
  _id: 'a1',
  advertiseId: 'p1',
  productName: 'Yamaha FZS V3',
  productImage: '/uploads/fzs.png',
  categoryId: 'c1',
  resalePrice: 2150,
  location: 'Mirpur, Dhaka',
};

describe('the home page', () => {
  it('shows the banner and links every category to its page', async () => {
    fakeServer({
      'GET /api/categories': [
        200,
        [
          { _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/sports.webp' },
          { _id: 'c2', categoryName: 'Scooters', categoryImage: '/uploads/scooters.webp' },
        ],
      ],
      'GET /api/advertise': [200, []],
    });
    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Hey Bike Lovers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/products');
    const sports = await screen.findByRole('link', { name: /Sports Bikes/ });
    expect(sports).toHaveAttribute('href', '/category/c1');
    expect(within(sports).getByRole('presentation')).toHaveAttribute('src', '/uploads/sports.webp');
    expect(screen.getByRole('link', { name: /Scooters/ })).toHaveAttribute('href', '/category/c2');
    expect(screen.queryByRole('heading', { name: 'Advertisement Area' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows adverts with their price in taka', async () => {
    fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, [advert]] });
    renderApp('/home');

    expect(await screen.findByRole('heading', { name: 'Advertisement Area' })).toBeInTheDocument();
    expect(screen.getByText('Yamaha FZS V3')).toBeInTheDocument();
    expect(screen.getByText('৳2,150')).toBeInTheDocument();
  });

  it('shows the latest bikes, each opening its listing, and a way to all of them', async () => {
    fakeServer({
      'GET /api/categories': [200, []],
      'GET /api/advertise': [200, []],
      'GET /api/listings?limit=8': [
        200,
        {
          listings: [
            aListing({ _id: 'p1', productName: 'Yamaha FZS V3', resalePrice: 215000, kmDriven: 14500, district: 'Dhaka' }),
            aListing({ _id: 'p2', productName: 'Bajaj Pulsar N160', availability: 'sold' }),
          ],
          total: 2,
          totalCapped: false,
          nextCursor: null,
        },
      ],
    });
    renderApp('/');

    const latest = await screen.findByRole('region', { name: 'Latest bikes' });
    const fz = await within(latest).findByRole('link', { name: /Yamaha FZS V3/ });
    expect(fz).toHaveAttribute('href', '/products/p1');
    expect(fz).toHaveTextContent('৳2,15,000');
    expect(fz).toHaveTextContent('14,500 km · Dhaka');
    expect(within(latest).getByRole('link', { name: /Bajaj Pulsar N160/ })).toHaveTextContent('Sold Out');
    expect(within(latest).getByRole('link', { name: 'See all bikes →' })).toHaveAttribute('href', '/products');
  });
});
