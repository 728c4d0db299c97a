import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aListingReview } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const PAGE = '/dashboard/listing-reviews';
const QUEUE = 'GET /api/listing-reviews';

/** Rahim's Yamaha, asked at 10:30 am in Dhaka: his first listing, with his number in the description. */
const yamaha = aListingReview({
  _id: 'p1',
  productName: 'Yamaha R15',
  resalePrice: 185000,
  description: 'Call 01711-223344 before coming.',
});
/** Salma's Honda, asked at noon: priced far below, asking an advance. */
const honda = aListingReview(
  {
    _id: 'p2',
    productName: 'Honda CB Hornet',
    productImage: '/uploads/hornet.jpg',
    resalePrice: 40000,
    sellerId: 's2',
    sellerName: 'Salma Seller',
    sellerEmail: 'salma@example.com',
  },
  { flags: ['money', 'low_price'], askedAt: '2026-11-27T06:00:00Z' },
);

function openQueue(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('admin'), [QUEUE]: [200, [yamaha, honda]], ...server });
  return { fetchMock, ...renderApp(PAGE) };
}

const card = (name: string) => screen.findByRole('article', { name: new RegExp(`^${name}, listed by`) });
const names = () =>
  within(screen.getByRole('list', { name: 'Listings in review' }))
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);

describe('Listing review page', () => {
  it('lists the listings waiting, oldest first, each with its photo, price, seller, when it asked and why it waits', async () => {
    openQueue();
    expect(await screen.findByRole('heading', { name: 'Listing review' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Listing review' })).toHaveAttribute('href', PAGE);
    expect(await screen.findByText('2 listings waiting')).toBeInTheDocument();
    expect(names()).toEqual(['Yamaha R15', 'Honda CB Hornet']);

    const first = await card('Yamaha R15');
    expect(first).toHaveAccessibleName('Yamaha R15, listed by Rahim Seller');
    expect(within(first).getByRole('img', { name: 'Photo of Yamaha R15' })).toHaveAttribute('src', '/uploads/bike.jpg');
    expect(first).toHaveTextContent('৳1,85,000');
    expect(first).toHaveTextContent('Seller: Rahim Seller');
    // 04:30 UTC is 10:30 am in Dhaka.
    expect(first).toHaveTextContent('Waiting since Fri 27 Nov, 10:30 am');
    expect(first).toHaveTextContent('Call 01711-223344 before coming.');
    const why = within(within(first).getByRole('list', { name: 'Why it waits' }));
    expect(why.getAllByRole('listitem').map((flag) => flag.textContent)).toEqual([
      'New seller’s first listing',
      'Phone number in the description',
    ]);
    expect(within(first).getByRole('link', { name: 'Open the bike’s page: Yamaha R15' })).toHaveAttribute(
      'href',
      '/products/p1',
    );

    const second = await card('Honda CB Hornet');
    expect(second).toHaveTextContent('Waiting since Fri 27 Nov, 12:00 pm');
    expect(within(within(second).getByRole('list', { name: 'Why it waits' })).getAllByRole('listitem')).toHaveLength(2);
    expect(second).toHaveTextContent('Asks for money before meeting');
    expect(second).toHaveTextContent('Price far below similar bikes');
  });

  it('says each flag in words, and one it does not know as the server sent it', async () => {
    openQueue({
      [QUEUE]: [
        200,
        [
          aListingReview({}, { flags: ['first_listing', 'contact', 'money', 'banned', 'low_price', 'resubmitted', 'odd'] }),
        ],
      ],
    });
    const why = within(await screen.findByRole('list', { name: 'Why it waits' }));
    expect(why.getAllByRole('listitem').map((flag) => flag.textContent)).toEqual([
      'New seller’s first listing',
      'Phone number in the description',
      'Asks for money before meeting',
      'Banned words',
      'Price far below similar bikes',
      'Changed after a rejection',
      'odd',
    ]);
  });

  it('approves a listing: it leaves the queue, and the focus goes on to the next', async () => {
    const { fetchMock } = openQueue({
      'POST /api/listing-reviews/p1/approve': [200, { ...yamaha.listing, state: 'live' }],
    });
    await userEvent.click(within(await card('Yamaha R15')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Yamaha R15 is live: buyers see it now')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('POST /api/listing-reviews/p1/approve');
    expect(screen.queryByRole('article', { name: /^Yamaha R15/ })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('article', { name: /^Honda CB Hornet/ })).toHaveFocus();
    });
    expect(screen.getByText('1 listing waiting')).toBeInTheDocument();
  });

  it('rejects a listing only with a reason, sends it, and the listing leaves the queue', async () => {
    let sent: unknown;
    const { fetchMock } = openQueue({
      [QUEUE]: [200, [yamaha]],
      'POST /api/listing-reviews/p1/reject': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, { ...yamaha.listing, state: 'rejected', stateReason: 'x' }];
      },
    });
    await userEvent.click(within(await card('Yamaha R15')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject Yamaha R15?' });
    expect(dialog).toHaveAccessibleDescription(
      'Say why, so the seller can fix it: they read it with the notification and on My Products.',
    );
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why, so the seller can fix it')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/listing-reviews/p1/reject');

    const quick = 'Please remove the phone number from the description';
    await userEvent.click(within(dialog).getByRole('button', { name: quick }));
    expect(reason).toHaveValue(quick);
    await userEvent.type(reason, '.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Listing rejected: the seller is told why')).toBeInTheDocument();
    expect(sent).toEqual({ reason: `${quick}.` });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('No listings waiting for review')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Listing review' })).toHaveFocus();
    });
  });

  it('shows the server’s refusal of a reason under it, in its words, and keeps the listing', async () => {
    openQueue({
      'POST /api/listing-reviews/p1/reject': [
        422,
        {
          error: 'validation',
          message: 'Please say why, so the seller can fix it',
          fields: { reason: 'Please say why, so the seller can fix it' },
          codes: { reason: 'required' },
        },
      ],
    });
    await userEvent.click(within(await card('Yamaha R15')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject Yamaha R15?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why, so the seller can fix it')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('article', { name: /^Yamaha R15/ })).toBeInTheDocument();

    // Cancel leaves it waiting, the focus back on Reject.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(await card('Yamaha R15')).getByRole('button', { name: 'Reject' })).toHaveFocus();
  });

  it('says another admin decided first, and shows the queue as it now is', async () => {
    let reads = 0;
    openQueue({
      [QUEUE]: () => [200, reads++ === 0 ? [yamaha, honda] : [honda]],
      'POST /api/listing-reviews/p1/approve': [
        409,
        { error: 'conflict', reason: 'not_in_review', message: 'This listing is not waiting for review.' },
      ],
    });
    await userEvent.click(within(await card('Yamaha R15')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This listing is not waiting for review.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: /^Yamaha R15/ })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('article', { name: /^Honda CB Hornet/ })).toBeInTheDocument();
  });

  it('fills and empties live as listings ask for review, are edited while they wait, and are decided', async () => {
    const { queryClient } = openQueue({ [QUEUE]: [200, []] });
    expect(await screen.findByText('No listings waiting for review')).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, { event: 'listing.review_requested', data: honda });
      applyLiveEvent(queryClient, { event: 'listing.review_requested', data: yamaha });
      applyLiveEvent(queryClient, { event: 'listing.review_requested', data: yamaha });
    });
    await screen.findByRole('list', { name: 'Listings in review' });
    // Oldest first, as the server lists them: Rahim's asked first.
    expect(names()).toEqual(['Yamaha R15', 'Honda CB Hornet']);
    expect(screen.getByText('2 listings waiting')).toBeInTheDocument();

    // Rahim edits his listing while it waits: it goes to the back, as he now describes it.
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'listing.review_requested',
        data: aListingReview(
          { ...yamaha.listing, description: 'Ask through the site.' },
          { askedAt: '2026-11-27T07:00:00Z', flags: ['first_listing'] },
        ),
      });
    });
    await waitFor(() => {
      expect(names()).toEqual(['Honda CB Hornet', 'Yamaha R15']);
    });
    expect(await card('Yamaha R15')).toHaveTextContent('Ask through the site.');
    expect(await card('Yamaha R15')).not.toHaveTextContent('Phone number in the description');

    act(() => {
      applyLiveEvent(queryClient, { event: 'listing.reviewed', data: { ...honda.listing, state: 'live' } });
    });
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: /^Honda CB Hornet/ })).not.toBeInTheDocument();
    });
    expect(screen.getByText('1 listing waiting')).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'listing.reviewed',
        data: { ...yamaha.listing, state: 'rejected', stateReason: 'x' },
      });
    });
    expect(await screen.findByText('No listings waiting for review')).toBeInTheDocument();
  });

  it('shows the server’s message when the queue cannot be read', async () => {
    openQueue({ [QUEUE]: [500, { error: 'internal', message: 'Something went wrong on our side.' }] });
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
