// The admins' Reported Products (docs/trust.md, "Reports with reasons"): the queue grouped
// per listing, Dismiss, Remove with a reason, Warn and Suspend the seller, the spec's
// Delete, and the queue changing live.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aListing, aReport, aReportedListing, deleted, modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const PAGE = '/dashboard/reported-products';
const QUEUE = 'GET /api/reports';

/** Salma's Honda: three buyers report it, two of them a scam. */
const honda = aReportedListing(
  {
    _id: 'p2',
    productName: 'Honda CBR',
    productImage: '/uploads/cbr.jpg',
    resalePrice: 240000,
    sellerId: 's2',
    sellerName: 'Salma Seller',
    sellerEmail: 'salma@example.com',
  },
  [
    aReport({ reporterId: 'b1', reporterName: 'Karim Buyer' }),
    aReport({
      reporterId: 'b2',
      reporterName: 'Nadia Buyer',
      reason: 'wrong_details',
      note: '',
      reportedAt: '2026-11-27T06:00:00Z',
    }),
    aReport({
      reporterId: 'b3',
      reporterName: 'Tanvir Buyer',
      note: 'Same photos as a bike sold in Chittagong last month.',
      reportedAt: '2026-11-28T12:15:00Z',
    }),
  ],
);
/** Rahim's Yamaha: one buyer says it is sold already. */
const yamaha = aReportedListing({ _id: 'p1', productName: 'Yamaha R15' }, [
  aReport({ reporterId: 'b4', reporterName: 'Rupa Buyer', reason: 'sold', note: 'Sold to my cousin last week.' }),
]);

function openQueue(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('admin'), [QUEUE]: [200, [honda, yamaha]], ...server });
  return { fetchMock, ...renderApp(PAGE) };
}

const card = (name: string) => screen.findByRole('article', { name: new RegExp(`^${name}, listed by`) });
const names = () =>
  within(screen.getByRole('list', { name: 'Reported listings' }))
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);

/** What the server answers `POST …` with `body` kept in `sent`. */
function keeping(sent: unknown[], answer: unknown): (init: RequestInit) => [number, unknown] {
  return (init) => {
    sent.push(JSON.parse(init.body as string));
    return [200, answer];
  };
}

describe('Reported Products page', () => {
  it('groups the reports per listing, the most reported first, each with its photo, link, count, reasons and reports', async () => {
    openQueue();
    expect(await screen.findByRole('heading', { name: 'Reported Products' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Reported Products' })).toHaveAttribute('href', PAGE);
    expect(await screen.findByText('2 listings reported')).toBeInTheDocument();
    expect(names()).toEqual(['Honda CBR', 'Yamaha R15']);

    const first = await card('Honda CBR');
    expect(first).toHaveAccessibleName('Honda CBR, listed by Salma Seller');
    expect(within(first).getByRole('img', { name: 'Photo of Honda CBR' })).toHaveAttribute('src', '/uploads/cbr.jpg');
    expect(first).toHaveTextContent('৳2,40,000');
    expect(first).toHaveTextContent('by Salma Seller · salma@example.com');
    expect(first).toHaveTextContent('Reported by 3 buyers');
    const reasons = within(within(first).getByRole('list', { name: 'Why buyers report it' }));
    expect(reasons.getAllByRole('listitem').map((reason) => reason.textContent)).toEqual([
      'Scam · 2',
      'Wrong details · 1',
    ]);
    const reports = within(within(first).getByRole('region', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports.map((report) => report.textContent)).toEqual([
      'Karim BuyerScam“Asked me for a bKash advance before showing the bike.”Fri 27 Nov, 10:30 am',
      'Nadia BuyerWrong detailsFri 27 Nov, 12:00 pm',
      'Tanvir BuyerScam“Same photos as a bike sold in Chittagong last month.”Sat 28 Nov, 6:15 pm',
    ]);
    expect(within(first).getByRole('link', { name: 'Open the bike’s page: Honda CBR' })).toHaveAttribute(
      'href',
      '/products/p2',
    );
    for (const action of ['Dismiss', 'Remove', 'Warn seller', 'Suspend seller', 'Delete']) {
      expect(within(first).getByRole('button', { name: action })).toBeInTheDocument();
    }

    const second = await card('Yamaha R15');
    expect(second).toHaveTextContent('Reported by 1 buyer');
    expect(second).toHaveTextContent('Already sold · 1');
    expect(second).toHaveTextContent('Rupa Buyer');
    expect(second).toHaveTextContent('“Sold to my cousin last week.”');
  });

  it('says a reason it does not know as the server sent it', async () => {
    openQueue({ [QUEUE]: [200, [aReportedListing({}, [aReport({ reason: 'spam' })])]] });
    const only = await card('Yamaha R15');
    expect(within(only).getByRole('list', { name: 'Why buyers report it' })).toHaveTextContent('spam · 1');
  });

  it('says so when nothing is reported', async () => {
    openQueue({ [QUEUE]: [200, []] });
    expect(await screen.findByText('There is no Reported Product.')).toBeInTheDocument();
    expect(screen.getByText('When a buyer reports a bike, it shows here at once, with why.')).toBeInTheDocument();
  });

  it('dismisses the reports with a note for the audit log: the listing leaves the queue and the focus goes on', async () => {
    const sent: unknown[] = [];
    openQueue({
      'POST /api/reports/p2/dismiss': keeping(
        sent,
        modified({ event: 'report.dismissed', data: { _id: 'p2', categoryId: 'c1', sellerId: 's2' } }),
      ),
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Dismiss the reports of Honda CBR?' });
    expect(dialog).toHaveAccessibleDescription(
      'The listing stays up, and each buyer who reported it is told that an admin looked and kept it.',
    );
    const note = within(dialog).getByLabelText('Note for the audit log (optional)');
    expect(note).toHaveFocus();
    await userEvent.type(note, 'Called the seller: the papers are in order.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Reports dismissed: Honda CBR stays up')).toBeInTheDocument();
    expect(sent).toEqual([{ note: 'Called the seller: the papers are in order.' }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Honda CBR/ })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('article', { name: /^Yamaha R15/ })).toHaveFocus();
    });
    expect(screen.getByText('1 listing reported')).toBeInTheDocument();
  });

  it('dismisses without a note, sending none', async () => {
    const sent: unknown[] = [];
    openQueue({ [QUEUE]: [200, [yamaha]], 'POST /api/reports/p1/dismiss': keeping(sent, modified()) });
    await userEvent.click(within(await card('Yamaha R15')).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Dismiss the reports of Yamaha R15?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('There is no Reported Product.')).toBeInTheDocument();
    expect(sent).toEqual([{}]);
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Reported Products' })).toHaveFocus();
    });
  });

  it('says another admin decided first, and shows the queue as it now is', async () => {
    let reads = 0;
    openQueue({
      [QUEUE]: () => [200, reads++ === 0 ? [honda, yamaha] : [yamaha]],
      'POST /api/reports/p2/dismiss': [
        409,
        { error: 'conflict', reason: 'no_open_reports', message: 'This listing has no open reports.' },
      ],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Dismiss the reports of Honda CBR?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This listing has no open reports.');
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: /^Honda CBR/ })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('article', { name: /^Yamaha R15/ })).toBeInTheDocument();
  });

  it('removes a listing only with a reason, sends it, and the listing leaves the queue', async () => {
    const sent: unknown[] = [];
    const { fetchMock } = openQueue({
      'POST /api/reports/p2/remove': keeping(
        sent,
        deleted({ event: 'product.deleted', data: { _id: 'p2', categoryId: 'c1', sellerId: 's2' } }),
      ),
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Honda CBR?' });
    expect(dialog).toHaveAccessibleDescription(
      'The listing is deleted. Its seller reads your reason, and the buyers who reported it are told it is gone.',
    );
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Please say why, so the seller can fix it')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/reports/p2/remove');

    const quick = 'Asks buyers for money before they see the bike';
    await userEvent.click(within(dialog).getByRole('button', { name: quick }));
    expect(reason).toHaveValue(quick);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Listing removed: the seller is told why')).toBeInTheDocument();
    expect(sent).toEqual([{ reason: quick }]);
    expect(screen.queryByRole('article', { name: /^Honda CBR/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^Yamaha R15/ })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a removal’s reason under it, and keeps the listing', async () => {
    openQueue({
      'POST /api/reports/p2/remove': [
        422,
        {
          error: 'validation',
          message: 'Please say why, so the seller can fix it',
          fields: { reason: 'Please say why, so the seller can fix it' },
          codes: { reason: 'required' },
        },
      ],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Honda CBR?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Please say why, so the seller can fix it')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(screen.getByRole('article', { name: /^Honda CBR/ })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(await card('Honda CBR')).getByRole('button', { name: 'Remove' })).toHaveFocus();
  });

  it('says a sold bike stays, above the buttons', async () => {
    openQueue({
      'POST /api/reports/p2/remove': [
        409,
        {
          error: 'conflict',
          reason: 'sold_stays',
          message: 'This bike is sold: it stays on record for its buyer and seller and cannot be deleted.',
        },
      ],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Honda CBR?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Scam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This bike is sold: it stays on record for its buyer and seller and cannot be deleted.',
    );
    expect(screen.getByRole('article', { name: /^Honda CBR/ })).toBeInTheDocument();
  });

  it('warns the seller with a reason: they are told, and the listing stays in the queue', async () => {
    const sent: unknown[] = [];
    const { fetchMock } = openQueue({ 'POST /api/users/s2/warn': keeping(sent, modified()) });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Warn seller' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Warn Salma Seller?' });
    expect(dialog).toHaveAccessibleDescription(
      'They get a notification with your reason, and nothing else changes. The warning is on the audit log.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(await within(dialog).findByText('Please say why: they read it with the warning')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/users/s2/warn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Do not ask buyers for money before they see the bike' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(await screen.findByText('Salma Seller is warned: they are told why')).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'Do not ask buyers for money before they see the bike' }]);
    expect(screen.getByRole('article', { name: /^Honda CBR/ })).toBeInTheDocument();
  });

  it('suspends the seller with a reason: their listing leaves the queue with the rest of their bikes', async () => {
    const sent: unknown[] = [];
    openQueue({
      'POST /api/users/s2/suspend': keeping(
        sent,
        modified(
          { event: 'user.suspended', data: { _id: 's2', role: 'seller' } },
          { event: 'product.deleted', data: { _id: 'p2', categoryId: 'c1', sellerId: 's2' } },
        ),
      ),
      'GET /api/allSeller': [200, []],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Suspend seller' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Salma Seller?' });
    expect(dialog).toHaveAccessibleDescription(
      'They are signed out everywhere and cannot sign in or sign up again, and their unsold bikes leave the site. A suspension cannot be lifted here yet.',
    );
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Took advances from three buyers.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Salma Seller is suspended')).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'Took advances from three buyers.' }]);
    expect(screen.queryByRole('article', { name: /^Honda CBR/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^Yamaha R15/ })).toBeInTheDocument();
  });

  it('says admins cannot be suspended, in the dialog', async () => {
    openQueue({
      'POST /api/users/s2/suspend': [
        409,
        { error: 'conflict', reason: 'not_for_admins', message: 'Admins cannot be warned or suspended.' },
      ],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Suspend seller' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Salma Seller?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Listed a stolen bike or forged papers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Admins cannot be warned or suspended.');
  });

  it('deletes a reported listing after the spec’s question, and drops it', async () => {
    const { fetchMock } = openQueue({
      'DELETE /api/products/p2': [
        200,
        deleted({ event: 'product.deleted', data: { _id: 'p2', categoryId: 'c1', sellerId: 's2' } }),
      ],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete Honda CBR?', 'Are you sure, You want to delete Reported Product?', 'Delete');
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/products/p2', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByRole('article', { name: /^Honda CBR/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^Yamaha R15/ })).toBeInTheDocument();
  });

  it('shows the queue as it now is when the listing was already deleted elsewhere', async () => {
    let reads = 0;
    openQueue({
      [QUEUE]: () => [200, reads++ === 0 ? [honda, yamaha] : [yamaha]],
      'DELETE /api/products/p2': [404, { error: 'not_found', message: 'This bike is no longer listed.' }],
    });
    await userEvent.click(within(await card('Honda CBR')).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Delete Honda CBR?', 'Are you sure, You want to delete Reported Product?', 'Delete');
    expect(await screen.findByText('This bike is no longer listed.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: /^Honda CBR/ })).not.toBeInTheDocument();
    });
  });

  it('changes live: a new report is read in, a dismissal or a deletion elsewhere takes a listing out, an edit shows', async () => {
    let reads = 0;
    const { queryClient } = openQueue({
      [QUEUE]: () => {
        reads += 1;
        // A buyer reports the Yamaha after the page read the queue.
        return [200, reads === 1 ? [honda] : [honda, yamaha]];
      },
    });
    expect(await screen.findByText('1 listing reported')).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, { event: 'product.reported', data: yamaha.listing });
    });
    expect(await card('Yamaha R15')).toHaveTextContent('Sold to my cousin last week.');
    expect(names()).toEqual(['Honda CBR', 'Yamaha R15']);

    // Salma lowers her price: the queue shows what buyers now see.
    act(() => {
      applyLiveEvent(queryClient, { event: 'product.updated', data: aListing({ ...honda.listing, resalePrice: 199000 }) });
    });
    expect(await card('Honda CBR')).toHaveTextContent('৳1,99,000');

    // Another admin dismissed the Honda's reports; the Yamaha's seller deleted it.
    act(() => {
      applyLiveEvent(queryClient, { event: 'report.dismissed', data: { _id: 'p2', categoryId: 'c1', sellerId: 's2' } });
    });
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: /^Honda CBR/ })).not.toBeInTheDocument();
    });
    act(() => {
      applyLiveEvent(queryClient, { event: 'product.deleted', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    });
    expect(await screen.findByText('There is no Reported Product.')).toBeInTheDocument();
  });

  it('shows the server’s message when the queue cannot be read', async () => {
    openQueue({ [QUEUE]: [500, { error: 'internal', message: 'Something went wrong on our side.' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('is the admins’ alone', async () => {
    fakeServer(signedInAs('buyer'));
    const { router } = renderApp(PAGE);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});
