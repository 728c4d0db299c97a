import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aUser, deleted, modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

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
    expect(cells(rows[1])).toEqual(['1', '', 'Karim Buyerkarim@example.com', 'WarnSuspendDelete']);
    expect(rows[1]?.querySelector('img')).toHaveAttribute('src', '/uploads/me.png');
    // No photo: her initial stands in.
    expect(cells(rows[2])).toEqual(['2', 'N', 'Nadia Buyernadia@example.com', 'WarnSuspendDelete']);
  });

  it('shows the initial when a photo does not load, never a broken image', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/allBuyer': [200, [karim]] });
    renderApp('/dashboard/all-buyer');
    const row = await screen.findByRole('row', { name: /Karim Buyer/ });
    const photo = row.querySelector('img');
    expect(photo).not.toBeNull();
    if (photo) fireEvent.error(photo);
    expect(row.querySelector('img')).toBeNull();
    expect(row.children[1]).toHaveTextContent('K');
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

  it('shows a suspended buyer with the badge and the admin’s reason, offering Delete alone', async () => {
    const banned = aUser({
      _id: 'u3',
      name: 'Fake Buyer',
      email: 'fake@example.com',
      suspended: true,
      suspendedReason: 'A fake account',
    });
    fakeServer({ ...signedInAs('admin'), 'GET /api/allBuyer': [200, [karim, banned]] });
    renderApp('/dashboard/all-buyer');
    const row = await screen.findByRole('row', { name: /Fake Buyer/ });
    expect(within(row).getByText('Suspended')).toBeInTheDocument();
    expect(row).toHaveTextContent('Suspended: A fake account');
    expect(within(row).queryByRole('button', { name: 'Warn' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const other = screen.getByRole('row', { name: /Karim Buyer/ });
    expect(within(other).queryByText('Suspended')).not.toBeInTheDocument();
  });

  it('warns a buyer, saying why', async () => {
    let sent: unknown;
    const fetchMock = fakeServer({
      ...signedInAs('admin'),
      'GET /api/allBuyer': [200, [karim, nadia]],
      'POST /api/users/u1/warn': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, modified()];
      },
    });
    renderApp('/dashboard/all-buyer');
    const row = await screen.findByRole('row', { name: /Karim Buyer/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Warn Karim Buyer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(await within(dialog).findByText('Please say why: they read it with the warning')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/users/u1/warn');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Rude messages to sellers.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(await screen.findByText('Karim Buyer is warned: they are told why')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Rude messages to sellers.' });
    expect(within(row).queryByText('Suspended')).not.toBeInTheDocument();
  });

  it('suspends a buyer, saying why: the badge and the reason show at once', async () => {
    let reads = 0;
    let sent: unknown;
    fakeServer({
      ...signedInAs('admin'),
      // Read again after the suspension, with the admin's reason.
      'GET /api/allBuyer': () => [
        200,
        reads++ === 0 ? [karim, nadia] : [{ ...karim, suspended: true, suspendedReason: 'Scam' }, nadia],
      ],
      'POST /api/users/u1/suspend': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, modified({ event: 'user.suspended', data: { _id: 'u1', role: 'buyer' } })];
      },
    });
    renderApp('/dashboard/all-buyer');
    const row = await screen.findByRole('row', { name: /Karim Buyer/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Karim Buyer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Please say why: it is kept on the audit log')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Scam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Karim Buyer is suspended')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Scam' });
    expect(await within(row).findByText('Suspended')).toBeInTheDocument();
    expect(await within(row).findByText('Suspended: Scam')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it('says the server’s refusal in the dialog when another admin suspended them first, and shows the table as it now is', async () => {
    let reads = 0;
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/allBuyer': () => [200, reads++ === 0 ? [karim] : [{ ...karim, suspended: true }]],
      'POST /api/users/u1/suspend': [
        409,
        { error: 'conflict', reason: 'already_suspended', message: 'This account is suspended already.' },
      ],
    });
    renderApp('/dashboard/all-buyer');
    const row = await screen.findByRole('row', { name: /Karim Buyer/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Karim Buyer?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Scam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This account is suspended already.');
    expect(await within(row).findByText('Suspended')).toBeInTheDocument();
  });

  it('marks a buyer suspended live, when another admin suspends them, and reads the reason', async () => {
    let reads = 0;
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/allBuyer': () => [
        200,
        reads++ === 0 ? [karim, nadia] : [karim, { ...nadia, suspended: true, suspendedReason: 'A fake account' }],
      ],
    });
    const { queryClient } = renderApp('/dashboard/all-buyer');
    await screen.findByRole('row', { name: /Nadia Buyer/ });
    act(() => {
      applyLiveEvent(queryClient, { event: 'user.suspended', data: { _id: 'u2', role: 'buyer' } });
    });
    const row = () => screen.getByRole('row', { name: /Nadia Buyer/ });
    // Marked at once; the reason comes with the list read again.
    expect(await within(row()).findByText('Suspended')).toBeInTheDocument();
    expect(await within(row()).findByText('Suspended: A fake account')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Karim Buyer/ })).queryByText('Suspended')).not.toBeInTheDocument();
  });
});
