import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aUser, deleted, modified } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const rahim = aUser({ _id: 'u1', name: 'Rahim Seller', email: 'rahim@example.com', role: 'seller' });
const salma = aUser({
  _id: 'u2',
  name: 'Salma Seller',
  email: 'salma@example.com',
  role: 'seller',
  verification: 'verified',
});

function openSellers(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('admin'), 'GET /api/allSeller': [200, [rahim, salma]], ...server });
  const view = renderApp('/dashboard/all-seller');
  return { fetchMock, ...view };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('All Sellers page', () => {
  it('lists the sellers with their e-mail and verification', async () => {
    openSellers();
    expect(await screen.findByRole('heading', { name: 'All Sellers' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Rahim Seller' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Image',
      'Name',
      'Email',
      'Identification',
      'Action',
    ]);
    expect(row('Rahim Seller')).toHaveTextContent('rahim@example.com');
    expect(within(row('Rahim Seller')).getByRole('button', { name: 'Not Verified' })).toBeInTheDocument();
    expect(within(row('Salma Seller')).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(row('Salma Seller')).queryByRole('button', { name: 'Not Verified' })).not.toBeInTheDocument();
  });

  it('verifies a seller after asking, and shows the check at once', async () => {
    let sent: unknown;
    const { queryClient } = openSellers({
      'PATCH /api/allSeller/u1': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, modified({ event: 'seller.verified', data: { _id: 'u1', email: 'rahim@example.com' } })];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Not Verified' }));
    await answerConfirm('Verify Rahim Seller?', 'Are you sure, You want to Verify?', 'Verify');
    expect(await screen.findByText('Seller Verification Successful')).toBeInTheDocument();
    expect(sent).toEqual({ verification: 'verified' });
    expect(within(row('Rahim Seller')).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not Verified' })).not.toBeInTheDocument();

    // The live event for the same change arriving afterwards changes nothing.
    const before = queryClient.getQueryData(['allSeller']);
    act(() => {
      applyLiveEvent(queryClient, { event: 'seller.verified', data: { _id: 'u1', email: 'rahim@example.com' } });
    });
    expect(queryClient.getQueryData(['allSeller'])).toBe(before);
  });

  it('does nothing when the admin says no', async () => {
    const { fetchMock } = openSellers();
    await userEvent.click(await screen.findByRole('button', { name: 'Not Verified' }));
    await answerConfirm('Verify Rahim Seller?', 'Are you sure, You want to Verify?', 'Not now');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    expect(screen.getByRole('button', { name: 'Not Verified' })).toBeEnabled();
  });

  it('deletes a seller after asking and drops the row', async () => {
    const { fetchMock } = openSellers({
      'DELETE /api/allSeller/u2': [200, deleted({ event: 'user.deleted', data: { _id: 'u2', role: 'seller' } })],
    });
    await screen.findByRole('rowheader', { name: 'Salma Seller' });
    await userEvent.click(within(row('Salma Seller')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete the account of Salma Seller?', 'Are you sure, You want to delete?', 'Delete');
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Salma Seller' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Rahim Seller' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/allSeller/u2', expect.objectContaining({ method: 'DELETE' }));
  });

  it('shows the button busy while the call runs', async () => {
    const server = fakeServer({ ...signedInAs('admin'), 'GET /api/allSeller': [200, [rahim]] });
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'DELETE'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : server(input, init),
    );
    renderApp('/dashboard/all-seller');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete the account of Rahim Seller?', 'Are you sure, You want to delete?', 'Delete');
    expect(await screen.findByRole('button', { name: 'Deleting…' })).toBeDisabled();
    const gone = deleted({ event: 'user.deleted', data: { _id: 'u1', role: 'seller' } });
    answer(new Response(JSON.stringify(gone), { status: 200 }));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
  });

  it("shows the server's message when a call is refused, and keeps the row", async () => {
    openSellers({ 'DELETE /api/allSeller/u1': [403, { error: 'forbidden', message: 'Only admins may do this.' }] });
    await screen.findByRole('rowheader', { name: 'Rahim Seller' });
    await userEvent.click(within(row('Rahim Seller')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete the account of Rahim Seller?', 'Are you sure, You want to delete?', 'Delete');
    expect(await screen.findByText('Only admins may do this.')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Rahim Seller' })).toBeInTheDocument();
    await waitFor(() => {
      expect(within(row('Rahim Seller')).getByRole('button', { name: 'Delete' })).toBeEnabled();
    });
  });

  it("shows the server's message when the list cannot be fetched", async () => {
    openSellers({ 'GET /api/allSeller': [500, { error: 'internal', message: 'Something went wrong on our side.' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });
});
