import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const categories = [{ _id: 'c1', categoryName: 'Scooters', categoryImage: '/uploads/c.png' }];
const listingFields = { brands: ['Honda', 'Other'], districts: ['Dhaka'] };
const buyer = { _id: '1', name: 'Test buyer', email: 'buyer@example.com', image: '/uploads/me.png', emailVerified: true };

describe('Sell your bike', { timeout: 15_000 }, () => {
  it('makes a buyer’s account a seller’s too, and the page asks for the phone buyers will call', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/categories': [200, categories],
      'GET /api/listings/fields': [200, listingFields],
      'POST /api/users/me/start-selling': [200, { ...buyer, role: 'seller', phoneVerified: false }],
    });
    renderApp('/dashboard/add-product');
    await userEvent.click(await screen.findByRole('button', { name: 'Start selling' }, { timeout: 5000 }));

    expect(await screen.findByRole('heading', { name: 'Add a Product' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Confirm your phone' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
  });

  it('makes a buyer’s account a seller’s too, and the page becomes the listing form', async () => {
    const phone = { phone: '+8801712345678', phoneVerified: true };
    const fetchMock = fakeServer({
      ...signedInAs('buyer', { phone: phone.phone }),
      'GET /api/categories': [200, categories],
      'GET /api/listings/fields': [200, listingFields],
      'POST /api/users/me/start-selling': [200, { ...buyer, ...phone, role: 'seller' }],
    });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Sell your bike' }));

    expect(await screen.findByRole('heading', { name: 'Sell your bike', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/your bookings, wishlist and messages stay as they are/)).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/users/me/start-selling');
    await userEvent.click(screen.getByRole('button', { name: 'Start selling' }));

    const form = await screen.findByRole('heading', { name: 'Add a Product' });
    expect(form).toHaveFocus();
    expect(await screen.findByRole('option', { name: 'Scooters' })).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call === 'POST /api/users/me/start-selling')).toHaveLength(1);
    // The dashboard is a seller's now, who still buys.
    expect(screen.getByRole('heading', { name: 'Seller Dashboard' })).toBeInTheDocument();
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Add Product', 'My Products', 'My Buyers', 'My Orders', 'Wishlist', 'Messages', 'Get verified']);
  });

  it('says so when the account could not start selling, and lets the buyer try again', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'POST /api/users/me/start-selling': [503, { error: 'unavailable', message: 'The marketplace is busy. Please try again.' }],
    });
    renderApp('/dashboard/add-product');
    await userEvent.click(await screen.findByRole('button', { name: 'Start selling' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The marketplace is busy. Please try again.');
    expect(screen.getByRole('button', { name: 'Start selling' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Add a Product' })).not.toBeInTheDocument();
  });

  it('is not offered to an admin, whom the page sends away', async () => {
    fakeServer(signedInAs('admin'));
    const { router } = renderApp('/dashboard/add-product');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Start selling' })).not.toBeInTheDocument();
  });
});
