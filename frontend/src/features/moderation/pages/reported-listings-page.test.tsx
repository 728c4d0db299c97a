import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aListing, deleted } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const reported = [
  aListing({ _id: 'p1', productName: 'Yamaha R15', report: 'reported' }),
  aListing({ _id: 'p2', productName: 'Honda CBR', report: 'reported' }),
];

describe('Reported Products page', () => {
  it('lists the reported listings', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/reportedProducts': [200, reported] });
    renderApp('/dashboard/reported-products');
    expect(await screen.findByRole('heading', { name: 'Reported Products' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /Yamaha R15/ })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['#', 'Image', 'Name', 'Delete']);
    expect(screen.getByRole('row', { name: /Honda CBR/ })).toHaveTextContent('Rahim Seller');
  });

  it('says so when nothing is reported', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/reportedProducts': [200, []] });
    renderApp('/dashboard/reported-products');
    expect(await screen.findByText('There is no Reported Product.')).toBeInTheDocument();
  });

  it('deletes a reported listing after asking and drops the row', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('admin'),
      'GET /api/reportedProducts': [200, reported],
      'DELETE /api/products/p2': [
        200,
        deleted({ event: 'product.deleted', data: { _id: 'p2', categoryId: 'c1', sellerId: 's1' } }),
      ],
    });
    renderApp('/dashboard/reported-products');
    const row = await screen.findByRole('row', { name: /Honda CBR/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete Honda CBR?', 'Are you sure, You want to delete Reported Product?', 'Delete');
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/products/p2', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByRole('rowheader', { name: /Honda CBR/ })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Yamaha R15/ })).toBeInTheDocument();
  });

  it('shows the queue as it now is when the listing was already deleted elsewhere', async () => {
    let reads = 0;
    fakeServer({
      ...signedInAs('admin'),
      // Read again after the refusal: the listing is gone from the queue by then.
      'GET /api/reportedProducts': () => [200, reads++ === 0 ? reported : reported.slice(1)],
      'DELETE /api/products/p1': [404, { error: 'not_found', message: 'This bike is no longer listed.' }],
    });
    renderApp('/dashboard/reported-products');
    const row = await screen.findByRole('row', { name: /Yamaha R15/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete Yamaha R15?', 'Are you sure, You want to delete Reported Product?', 'Delete');
    expect(await screen.findByText('This bike is no longer listed.')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /Yamaha R15/ })).not.toBeInTheDocument();
  });
});
