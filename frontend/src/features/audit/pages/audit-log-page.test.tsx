// The admins' Audit log (docs/trust.md, "Every admin action on record"): newest first,
// each entry's what, when, who, to whom and why, the filter by action, "Older", and the
// empty log.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAuditEntry } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const PAGE = '/dashboard/audit';
const LOG = 'GET /api/audit';

/** Newest first: a suspension, a dismissal, a deal released, a seller verified. */
const suspended = anAuditEntry({
  _id: '44',
  action: 'user.suspended',
  targetKind: 'user',
  targetId: 'u7',
  targetLabel: 'Bad Seller <bad@example.com>',
  reason: 'Took advances from three buyers.',
  createdAt: '2026-11-28T12:15:00Z',
});
const dismissed = anAuditEntry({ _id: '43', reason: 'Called the seller: the papers are in order.' });
const released = anAuditEntry({
  _id: '42',
  actorName: 'Rafiq Admin',
  action: 'deal.released',
  targetKind: 'booking',
  targetId: 'o5',
  targetLabel: 'Honda CBR',
  reason: 'The buyer did not come.',
  createdAt: '2026-11-26T03:00:00Z',
});
const verified = anAuditEntry({
  _id: '41',
  action: 'verification.approved',
  targetKind: 'user',
  targetId: 'u2',
  targetLabel: 'Salma Seller <salma@example.com>',
  createdAt: '2026-11-25T10:00:00Z',
});

function openLog(server: FakeServer = {}, path = PAGE) {
  const fetchMock = fakeServer({
    ...signedInAs('admin'),
    [LOG]: [200, { entries: [suspended, dismissed, released, verified] }],
    ...server,
  });
  return { fetchMock, ...renderApp(path) };
}

const entries = () =>
  within(screen.getByRole('list', { name: 'Admin actions, newest first' }))
    .getAllByRole('article')
    .map((entry) => within(entry).getByRole('heading').textContent);

describe('Audit log page', () => {
  it('lists every admin action newest first: what, when, who, to whom and why', async () => {
    openLog();
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 2 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', PAGE);
    await screen.findByRole('list', { name: 'Admin actions, newest first' });
    expect(entries()).toEqual(['Suspended someone', 'Dismissed reports', 'Released a deal', 'Verified a seller']);
    await waitFor(() => {
      expect(document.title).toBe('Audit log · BikeHaat');
    });

    const first = screen.getByRole('article', { name: 'Suspended someone' });
    // 12:15 UTC is 6:15 pm in Dhaka.
    expect(first).toHaveTextContent('Sat 28 Nov 2026, 6:15 pm');
    const facts = within(first).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['By', 'Ayesha Admin'],
      ['To', 'Account: Bad Seller <bad@example.com>'],
      ['Why', 'Took advances from three buyers.'],
    ]);
    // A person is named, not linked: their account may be gone.
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();

    const dismissal = screen.getByRole('article', { name: 'Dismissed reports' });
    expect(within(dismissal).getByRole('link', { name: 'Listing: Yamaha R15' })).toHaveAttribute('href', '/products/p1');
    expect(dismissal).toHaveTextContent('Called the seller: the papers are in order.');
    const release = screen.getByRole('article', { name: 'Released a deal' });
    expect(release).toHaveTextContent('Rafiq Admin');
    expect(within(release).getByRole('link', { name: 'Booking: Honda CBR' })).toHaveAttribute(
      'href',
      '/dashboard/deals/o5',
    );
    // No reason given: no "Why".
    const verification = screen.getByRole('article', { name: 'Verified a seller' });
    expect(within(verification).getAllByRole('term').map((term) => term.textContent)).toEqual(['By', 'To']);
    expect(screen.getByText('That is everything on record.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });

  it('filters by action, every action offered in words, and keeps the filter in the address', async () => {
    const { fetchMock, router } = openLog({
      'GET /api/audit?action=reports.dismissed': [200, { entries: [dismissed] }],
    });
    const filter = await screen.findByRole('combobox', { name: 'Show' });
    expect(filter).toHaveValue('');
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Every action',
      'Verified a seller',
      'Turned down a verification',
      'Approved a listing',
      'Rejected a listing',
      'Removed a listing',
      'Dismissed reports',
      'Warned someone',
      'Suspended someone',
      'Removed an account',
      'Released a deal',
      'Took a stuck payment',
    ]);
    await screen.findByRole('article', { name: 'Suspended someone' });
    await userEvent.selectOptions(filter, 'Dismissed reports');
    await waitFor(() => {
      expect(entries()).toEqual(['Dismissed reports']);
    });
    expect(callsOf(fetchMock)).toContain('GET /api/audit?action=reports.dismissed');
    expect(router.state.location.search).toBe('?action=reports.dismissed');

    // Back to every action: the first read stands.
    await userEvent.selectOptions(filter, 'Every action');
    await waitFor(() => {
      expect(entries()).toHaveLength(4);
    });
    expect(router.state.location.search).toBe('');
  });

  it('opens filtered from the address, and says so when nothing of the kind is on record', async () => {
    openLog({ 'GET /api/audit?action=user.warned': [200, { entries: [] }] }, `${PAGE}?action=user.warned`);
    expect(await screen.findByText('Nothing of this kind on record yet')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('user.warned');
  });

  it('pages on with Older: the next entries join below, the focus on the first of them', async () => {
    const older = anAuditEntry({ _id: '40', action: 'listing.rejected', targetLabel: 'Bajaj Pulsar', reason: 'Blurry photos' });
    const { fetchMock } = openLog({
      [LOG]: [200, { entries: [suspended, dismissed], next: '43' }],
      'GET /api/audit?before=43': [200, { entries: [released, verified, older] }],
    });
    await screen.findByRole('article', { name: 'Dismissed reports' });
    expect(screen.queryByText('That is everything on record.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => {
      expect(entries()).toEqual([
        'Suspended someone',
        'Dismissed reports',
        'Released a deal',
        'Verified a seller',
        'Rejected a listing',
      ]);
    });
    expect(callsOf(fetchMock)).toContain('GET /api/audit?before=43');
    await waitFor(() => {
      expect(screen.getByRole('article', { name: 'Released a deal' })).toHaveFocus();
    });
    // The last page had no `next`: nothing older.
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
    expect(screen.getByText('That is everything on record.')).toBeInTheDocument();
  });

  it('pages on within a filter', async () => {
    const { fetchMock } = openLog(
      {
        'GET /api/audit?action=user.suspended': [200, { entries: [suspended], next: '44' }],
        'GET /api/audit?action=user.suspended&before=44': [200, { entries: [] }],
      },
      `${PAGE}?action=user.suspended`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Older' }));
    await waitFor(() => {
      expect(callsOf(fetchMock)).toContain('GET /api/audit?action=user.suspended&before=44');
    });
    expect(await screen.findByText('That is everything on record.')).toBeInTheDocument();
    expect(entries()).toEqual(['Suspended someone']);
  });

  it('says so when nothing is on record yet', async () => {
    openLog({ [LOG]: [200, { entries: [] }] });
    expect(await screen.findByText('No admin actions on record yet')).toBeInTheDocument();
    expect(
      screen.getByText('Verifications, reviews, removals, warnings, suspensions and deals settled by an admin show here.'),
    ).toBeInTheDocument();
  });

  it('says an action it does not know as the server sent it, and a target of a kind it does not know by its name', async () => {
    openLog({
      [LOG]: [200, { entries: [anAuditEntry({ action: 'user.pardoned', targetKind: 'thing', targetLabel: 'Something' })] }],
    });
    const entry = await screen.findByRole('article', { name: 'user.pardoned' });
    expect(entry).toHaveTextContent('Something');
    expect(entry).not.toHaveTextContent('Listing:');
  });

  it('shows the server’s message when the log cannot be read', async () => {
    openLog({ [LOG]: [500, { error: 'internal', message: 'Something went wrong on our side.' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('is the admins’ alone', async () => {
    fakeServer(signedInAs('seller'));
    const { router } = renderApp(PAGE);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});
