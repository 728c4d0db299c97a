import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dealUpdated } from '@/features/deals/api/deal-updates.ts';
import { aDeal } from '@/features/deals/test-deals.ts';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const held = aDeal({ _id: 'o1', status: 'held', method: 'card', reservedUntil: '2099-01-01T00:00:00Z' });
const cash = aDeal({ _id: 'o2', productName: 'Honda CBR', buyerName: 'Nadia Islam', status: 'cash', method: 'cash', price: 250000 });

describe('the admin’s deals', () => {
  it('lists every deal with its bike, both sides, status, method, price and a link to its timeline', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/deals': [200, [held, cash]] });
    renderApp('/dashboard/deals');
    expect(await screen.findByRole('heading', { name: 'Deals' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Yamaha R15/ });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#', 'Image', 'Bike', 'Buyer', 'Seller', 'Status', 'Method', 'Price', 'When', 'Timeline',
    ]);
    expect(row).toHaveTextContent('Rahim Uddin');
    expect(row).toHaveTextContent('Karim Motors');
    expect(row).toHaveTextContent('Card held');
    expect(row).toHaveTextContent('Card');
    expect(row).toHaveTextContent('৳1,85,000');
    expect(row).toHaveTextContent(/Booked\s?Thu 26 Nov, 10:00 am/);
    expect(within(row).getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', '/dashboard/deals/o1');
    expect(screen.getByRole('row', { name: /Honda CBR/ })).toHaveTextContent('Paying cash at the meet-up');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a deposit beneath the price, and nothing beneath a price without one', async () => {
    const withDeposit = { ...held, deposit: 20000 } as typeof held;
    fakeServer({ ...signedInAs('admin'), 'GET /api/deals': [200, [withDeposit, cash]] });
    renderApp('/dashboard/deals');
    const row = await screen.findByRole('row', { name: /Yamaha R15/ });
    expect(within(row).getByTestId('deposit-line')).toHaveTextContent(
      'Deposit ৳20,000 held · ৳1,65,000 in cash at the handover',
    );
    expect(within(screen.getByRole('row', { name: /Honda CBR/ })).queryByTestId('deposit-line')).not.toBeInTheDocument();
  });

  it('filters by status with the chips, and says so when none are in it', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('admin'),
      'GET /api/deals': [200, [held, cash]],
      'GET /api/deals?status=held': [200, [held]],
      'GET /api/deals?status=lapsed': [200, []],
    });
    const { router } = renderApp('/dashboard/deals');
    await screen.findByRole('row', { name: /Honda CBR/ });
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Held' }));
    expect(await screen.findByRole('button', { name: 'Held' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('1 deal')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Honda CBR/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=held');
    await userEvent.click(screen.getByRole('button', { name: 'Lapsed' }));
    expect(await screen.findByText('No deals are lapsed right now.')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('GET /api/deals?status=lapsed');
  });

  it('says so when there are no deals yet', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/deals': [200, []] });
    renderApp('/dashboard/deals');
    expect(await screen.findByText('No deals yet: a booking shows here once it holds its bike.')).toBeInTheDocument();
  });

  it('moves a row live, adds a new deal at the top, and drops one that left the filter', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/deals?status=held': [200, [held]] });
    renderApp('/dashboard/deals?status=held');
    await screen.findByRole('row', { name: /Yamaha R15/ });
    const another = aDeal({ _id: 'o3', productName: 'Suzuki Gixxer', status: 'held', method: 'bkash', orderTime: '2026-11-26T05:00:00Z' });
    act(() => {
      dealUpdated(another);
    });
    await waitFor(() => {
      expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Suzuki Gixxer', 'Yamaha R15']);
    });
    expect(screen.getByRole('row', { name: /Suzuki Gixxer/ })).toHaveTextContent('bKash held');
    act(() => {
      dealUpdated({ ...held, status: 'completed', completedAt: '2026-11-26T06:00:00Z' });
    });
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /Yamaha R15/ })).not.toBeInTheDocument();
    });
  });

  it('is for admins only', async () => {
    fakeServer({ ...signedInAs('buyer') });
    renderApp('/dashboard/deals');
    expect(await screen.findByRole('heading', { name: 'Buyer Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deals' })).not.toBeInTheDocument();
  });
});
