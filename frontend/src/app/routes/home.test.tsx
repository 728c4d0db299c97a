import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
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
});
