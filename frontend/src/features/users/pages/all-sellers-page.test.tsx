import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import type { VerificationRequest } from '@/lib/api/types.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aUser, aVerificationRequest, deleted, modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

/** The photos of `request`, as the server answers them to an admin. */
function photosOf(request: VerificationRequest): FakeServer {
  const { front = '', back = '', selfie = '' } = request.photos ?? {};
  return Object.fromEntries(
    [front, back, selfie].map((name) => [`GET /api/verification-requests/photos/${name}`, [200, 'jpeg']]),
  );
}

const rahim = aUser({ _id: 'u1', name: 'Rahim Seller', email: 'rahim@example.com', role: 'seller' });
const salma = aUser({
  _id: 'u2',
  name: 'Salma Seller',
  email: 'salma@example.com',
  role: 'seller',
  verification: 'verified',
});
const karim = aUser({ _id: 'u3', name: 'Karim Seller', email: 'karim@example.com', role: 'seller' });
/** Rahim sent his ID; Karim has not. */
const rahimsRequest = aVerificationRequest({ _id: 'r1', sellerId: 'u1' });

function openSellers(server: FakeServer = {}) {
  const fetchMock = fakeServer({
    ...signedInAs('admin'),
    'GET /api/allSeller': [200, [rahim, salma, karim]],
    'GET /api/verification-requests': [200, [rahimsRequest]],
    ...server,
  });
  const view = renderApp('/dashboard/all-seller');
  return { fetchMock, ...view };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('All Sellers page', () => {
  it('lists the sellers with their e-mail and their verification as a badge', async () => {
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
    expect(within(row('Rahim Seller')).getByText('Not verified')).toBeInTheDocument();
    expect(within(row('Salma Seller')).getByText('Verified')).toBeInTheDocument();
    expect(within(row('Salma Seller')).queryByText('Not verified')).not.toBeInTheDocument();
    // Nobody is verified with one click any more.
    expect(screen.queryByRole('button', { name: /Verif/ })).not.toBeInTheDocument();
  });

  it('opens the request a seller sent with Verify, and says so of one who sent none', async () => {
    const { router } = openSellers({ ...photosOf(rahimsRequest) });
    await screen.findByRole('rowheader', { name: 'Rahim Seller' });
    const verify = await within(row('Rahim Seller')).findByRole('link', { name: 'Verify' });
    expect(verify).toHaveAttribute('href', '/dashboard/verification-requests#r1');
    expect(within(row('Karim Seller')).getByText('No ID sent yet')).toBeInTheDocument();
    expect(within(row('Karim Seller')).queryByRole('link', { name: 'Verify' })).not.toBeInTheDocument();
    expect(within(row('Salma Seller')).queryByRole('link', { name: 'Verify' })).not.toBeInTheDocument();
    expect(within(row('Salma Seller')).queryByText('No ID sent yet')).not.toBeInTheDocument();

    await userEvent.click(verify);
    const request = await screen.findByRole('article', { name: 'Request from Rahim Seller' });
    await waitFor(() => {
      expect(request).toHaveFocus();
    });
    expect(router.state.location.pathname).toBe('/dashboard/verification-requests');
    expect(router.state.location.hash).toBe('#r1');
  });

  it('shows Verify as a request arrives, and the badge once the seller is verified', async () => {
    const { queryClient } = openSellers({ 'GET /api/verification-requests': [200, []] });
    await screen.findByRole('rowheader', { name: 'Rahim Seller' });
    expect(await within(row('Karim Seller')).findByText('No ID sent yet')).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'verification.requested',
        data: aVerificationRequest({ _id: 'r3', sellerId: 'u3', sellerName: 'Karim Seller' }),
      });
    });
    expect(await within(row('Karim Seller')).findByRole('link', { name: 'Verify' })).toHaveAttribute(
      'href',
      '/dashboard/verification-requests#r3',
    );
    act(() => {
      applyLiveEvent(queryClient, { event: 'seller.verified', data: { _id: 'u3', email: 'karim@example.com' } });
      applyLiveEvent(queryClient, {
        event: 'verification.decided',
        data: aVerificationRequest({ _id: 'r3', sellerId: 'u3', state: 'approved' }),
      });
    });
    expect(await within(row('Karim Seller')).findByText('Verified')).toBeInTheDocument();
    expect(within(row('Karim Seller')).queryByRole('link', { name: 'Verify' })).not.toBeInTheDocument();
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
    const server = fakeServer({
      ...signedInAs('admin'),
      'GET /api/allSeller': [200, [rahim]],
      'GET /api/verification-requests': [200, []],
    });
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

  it('offers Warn and Suspend on each seller in good standing, and shows one suspended with the badge and why', async () => {
    const banned = aUser({
      _id: 'u4',
      name: 'Bad Seller',
      email: 'bad@example.com',
      role: 'seller',
      suspended: true,
      suspendedReason: 'Took money from buyers and did not show the bike',
    });
    openSellers({
      'GET /api/allSeller': [200, [rahim, salma, banned]],
      'GET /api/verification-requests': [200, [rahimsRequest, aVerificationRequest({ _id: 'r4', sellerId: 'u4' })]],
    });
    await screen.findByRole('rowheader', { name: 'Rahim Seller' });
    for (const name of ['Rahim Seller', 'Salma Seller']) {
      expect(within(row(name)).getByRole('button', { name: 'Warn' })).toBeInTheDocument();
      expect(within(row(name)).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
      expect(within(row(name)).queryByText('Suspended')).not.toBeInTheDocument();
    }
    const bad = row('Bad Seller');
    expect(within(bad).getByText('Suspended')).toBeInTheDocument();
    expect(within(bad).getByText('Not verified')).toBeInTheDocument();
    expect(bad).toHaveTextContent('Suspended: Took money from buyers and did not show the bike');
    // Nothing is left to verify, warn or suspend; Delete stays.
    await within(row('Rahim Seller')).findByRole('link', { name: 'Verify' });
    expect(within(bad).queryByRole('link', { name: 'Verify' })).not.toBeInTheDocument();
    expect(within(bad).queryByRole('button', { name: 'Warn' })).not.toBeInTheDocument();
    expect(within(bad).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(within(bad).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('warns a seller with a quick reason', async () => {
    let sent: unknown;
    openSellers({
      'POST /api/users/u1/warn': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, modified()];
      },
    });
    await screen.findByRole('rowheader', { name: 'Rahim Seller' });
    await userEvent.click(within(row('Rahim Seller')).getByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Warn Rahim Seller?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Please give true details of the bikes you list' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(await screen.findByText('Rahim Seller is warned: they are told why')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Please give true details of the bikes you list' });
  });

  it('suspends a seller, saying why: the badge shows and Warn, Suspend and Verify go', async () => {
    let sent: unknown;
    let reads = 0;
    const { fetchMock } = openSellers({
      'GET /api/allSeller': () => [
        200,
        reads++ === 0
          ? [rahim, salma, karim]
          : [{ ...rahim, suspended: true, suspendedReason: 'A fake account' }, salma, karim],
      ],
      'POST /api/users/u1/suspend': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, modified({ event: 'user.suspended', data: { _id: 'u1', role: 'seller' } })];
      },
    });
    await screen.findByRole('rowheader', { name: 'Rahim Seller' });
    await userEvent.click(within(row('Rahim Seller')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Rahim Seller?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'A fake account' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Rahim Seller is suspended')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'A fake account' });
    expect(callsOf(fetchMock)).toContain('POST /api/users/u1/suspend');
    expect(await within(row('Rahim Seller')).findByText('Suspended')).toBeInTheDocument();
    expect(await within(row('Rahim Seller')).findByText('Suspended: A fake account')).toBeInTheDocument();
    expect(within(row('Rahim Seller')).queryByRole('link', { name: 'Verify' })).not.toBeInTheDocument();
    expect(within(row('Rahim Seller')).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it('marks a seller suspended live, when another admin suspends them', async () => {
    let reads = 0;
    const { queryClient } = openSellers({
      // Read again for the admin's reason, as the server now has it.
      'GET /api/allSeller': () => [
        200,
        reads++ === 0 ? [rahim, salma, karim] : [rahim, salma, { ...karim, suspended: true, suspendedReason: 'Scam' }],
      ],
    });
    await screen.findByRole('rowheader', { name: 'Karim Seller' });
    act(() => {
      applyLiveEvent(queryClient, { event: 'user.suspended', data: { _id: 'u3', role: 'seller' } });
    });
    expect(await within(row('Karim Seller')).findByText('Suspended')).toBeInTheDocument();
    expect(await within(row('Karim Seller')).findByText('Suspended: Scam')).toBeInTheDocument();
    expect(within(row('Rahim Seller')).queryByText('Suspended')).not.toBeInTheDocument();
  });
});
