import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aUser, deleted } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const karim = aUser({ _id: 'u1', name: 'Karim Buyer', email: 'karim@example.com' });
const nadia = aUser({ _id: 'u2', name: 'Nadia Buyer', email: 'nadia@example.com', image: '' });

describe('All Buyers page', () => {
  it('lists the buyers with their photo, name and e-mail', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/allBuyer': [200, [karim, nadia]] });
    renderApp('/dashboard/all-buyer');
    expect(await screen.findByRole('heading', { name: 'All Buyers' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    // The header row, then one per buyer, numbered from 1.
    expect(rows).toHaveLength(3);
    const cells = (tr: HTMLElement | undefined) =>
      tr ? [...tr.children].map((cell) => cell.textContent) : [];
    expect(cells(rows[1])).toEqual(['1', '', 'Karim Buyerkarim@example.com', 'Delete']);
    expect(rows[1]?.querySelector('img')).toHaveAttribute('src', '/uploads/me.png');
    // No photo: her initial stands in.
    expect(cells(rows[2])).toEqual(['2', 'N', 'Nadia Buyernadia@example.com', 'Delete']);
  });

  it('deletes a buyer after asking and drops the row', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('admin'),
      'GET /api/allBuyer': [200, [karim, nadia]],
      'DELETE /api/allBuyer/u1': [200, deleted({ event: 'user.deleted', data: { _id: 'u1', role: 'buyer' } })],
    });
    renderApp('/dashboard/all-buyer');
    const row = await screen.findByRole('row', { name: /Karim Buyer/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete the account of Karim Buyer?', 'Are you sure, You want to delete?', 'Delete');
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/allBuyer/u1', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByText('karim@example.com')).not.toBeInTheDocument();
    expect(screen.getByText('nadia@example.com')).toBeInTheDocument();
  });

  it('says so when there is no buyer', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/allBuyer': [200, []] });
    renderApp('/dashboard/all-buyer');
    expect(await screen.findByText('There is no buyer yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
