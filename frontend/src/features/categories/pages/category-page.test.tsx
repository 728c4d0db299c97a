import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../../test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '../../../test/render-app.tsx';
import { REPORT_PROMPT } from './category-page.tsx';

describe('Category page', () => {
  it("lists the category's bikes and opens the order modal", async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/products/c1': [200, [aProduct(), aProduct({ _id: 'p2', productName: 'Honda CBR', availability: 'sold' })]],
    });
    renderApp('/category/c1');
    expect(await screen.findByRole('heading', { name: 'Choose Your Dream Bike' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Honda CBR' })).toHaveTextContent('Sold Out');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('dialog', { name: 'Your Order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveValue('Test buyer');
  });

  it('says so when the category is empty', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/products/c1': [200, []] });
    renderApp('/category/c1');
    expect(await screen.findByText('No Products Available for this Category')).toBeInTheDocument();
  });

  it('reports a listing after asking', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let sent: unknown;
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/products/c1': [200, [aProduct()]],
      'PATCH /api/products/p1': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, { acknowledged: true, modifiedCount: 1, deletedCount: 0 }];
      },
    });
    renderApp('/category/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Report to Admin' }));
    expect(confirm).toHaveBeenCalledWith(REPORT_PROMPT);
    expect(await screen.findByText('Successfully Reported to Admin')).toBeInTheDocument();
    expect(sent).toEqual({ report: 'reported' });
  });

  it('sends a signed-out visitor to /login without fetching the bikes', async () => {
    const fetchMock = fakeServer({});
    const { router } = renderApp('/category/c1');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.includes('/api/products'))).toBe(false);
  });
});
