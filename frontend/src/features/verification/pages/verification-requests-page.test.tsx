import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aVerificationRequest } from '@/test/fixtures.ts';
import { watchObjectUrls } from '@/test/object-urls.ts';
import { bearerOf, callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const PAGE = '/dashboard/verification-requests';
const QUEUE = 'GET /api/verification-requests';

const rahim = aVerificationRequest();
const salma = aVerificationRequest({
  _id: 'r2',
  sellerId: 'u2',
  sellerName: 'Salma Seller',
  sellerEmail: 'salma@example.com',
  createdAt: '2026-11-27T06:00:00Z',
  photos: { front: 'f2', back: 'b2', selfie: 's2' },
});

/** Every photo of the two requests, as the server answers an admin. */
const photos: FakeServer = Object.fromEntries(
  ['f1', 'b1', 's1', 'f2', 'b2', 's2'].map((name) => [`GET /api/verification-requests/photos/${name}`, [200, 'jpeg']]),
);

function openQueue(server: FakeServer = {}, path = PAGE) {
  const fetchMock = fakeServer({ ...signedInAs('admin'), [QUEUE]: [200, [rahim, salma]], ...photos, ...server });
  return { fetchMock, ...renderApp(path) };
}

const requestFrom = (name: string) => screen.findByRole('article', { name: `Request from ${name}` });

describe('Verification requests page', () => {
  let urls: ReturnType<typeof watchObjectUrls>;
  beforeEach(() => {
    urls = watchObjectUrls();
  });

  it('lists the requests waiting, oldest first, each with its seller, when it was sent and its photos', async () => {
    const { fetchMock } = openQueue();
    expect(await screen.findByRole('heading', { name: 'Verification requests' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Verifications' })).toHaveAttribute('href', PAGE);
    const list = await screen.findByRole('list', { name: 'Requests' });
    expect(within(list).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Request from Rahim SellerRahim Seller',
      'Request from Salma SellerSalma Seller',
    ]);
    expect(screen.getByText('2 requests waiting')).toBeInTheDocument();
    const first = await requestFrom('Rahim Seller');
    expect(first).toHaveTextContent('rahim@example.com');
    // 04:30 UTC is 10:30 am in Dhaka.
    expect(first).toHaveTextContent('Sent Fri 27 Nov, 10:30 am');
    for (const label of ['ID card front', 'ID card back', 'Seller holding the ID card']) {
      const photo = await within(first).findByRole('img', { name: `${label} of Rahim Seller` });
      expect(photo.getAttribute('src')).toMatch(/^blob:\d$/);
      expect(within(first).getByText(label)).toBeInTheDocument();
    }
    // Each photo is fetched with the admin's token: an <img src> could not send it.
    expect(bearerOf(fetchMock, 'GET /api/verification-requests/photos/f1')).toBe('Bearer token-of-admin');
    expect(bearerOf(fetchMock, 'GET /api/verification-requests/photos/s2')).toBe('Bearer token-of-admin');
  });

  it('opens a photo full size, fitted or at its actual size, and closes it', async () => {
    openQueue();
    const first = await requestFrom('Rahim Seller');
    const open = await within(first).findByRole('button', { name: 'Open ID card back full size' });
    await userEvent.click(open);
    const viewer = screen.getByRole('dialog', { name: 'ID card back of Rahim Seller' });
    expect(within(viewer).getByRole('img', { name: 'ID card back of Rahim Seller' })).toHaveAttribute(
      'src',
      within(first).getByRole('img', { name: 'ID card back of Rahim Seller' }).getAttribute('src'),
    );
    await userEvent.click(within(viewer).getByRole('button', { name: 'Show actual size' }));
    expect(within(viewer).getByRole('button', { name: 'Fit to screen' })).toBeInTheDocument();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('reads a request’s photos only as they come near the screen', async () => {
    const watching: { callback: IntersectionObserverCallback; element?: Element | undefined }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly watched: { callback: IntersectionObserverCallback; element?: Element | undefined };
        constructor(callback: IntersectionObserverCallback) {
          this.watched = { callback };
          watching.push(this.watched);
        }
        observe(element: Element) {
          this.watched.element = element;
        }
        disconnect() {
          this.watched.element = undefined;
        }
      },
    );
    const { fetchMock } = openQueue();
    const first = await requestFrom('Rahim Seller');
    await waitFor(() => {
      expect(watching.filter((w) => w.element)).toHaveLength(6);
    });
    expect(callsOf(fetchMock).filter((call) => call.includes('/photos/'))).toEqual([]);
    act(() => {
      for (const w of watching.filter((w) => w.element && first.contains(w.element))) {
        w.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
    expect(await within(first).findByRole('img', { name: 'ID card front of Rahim Seller' })).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.includes('/photos/')).sort()).toEqual([
      'GET /api/verification-requests/photos/b1',
      'GET /api/verification-requests/photos/f1',
      'GET /api/verification-requests/photos/s1',
    ]);
  });

  it('says a photo could not be loaded, and loads it again', async () => {
    let reads = 0;
    openQueue({
      'GET /api/verification-requests/photos/b1': () =>
        reads++ === 0 ? [404, { error: 'not_found', message: 'There is no such photo.' }] : [200, 'jpeg'],
    });
    const first = await requestFrom('Rahim Seller');
    expect(await within(first).findByRole('alert')).toHaveTextContent('There is no such photo.');
    await userEvent.click(within(first).getByRole('button', { name: 'Try again' }));
    expect(await within(first).findByRole('img', { name: 'ID card back of Rahim Seller' })).toBeInTheDocument();
  });

  it('approves a request after asking, and it leaves the queue; its photos are let go of', async () => {
    const { fetchMock } = openQueue({
      'POST /api/verification-requests/r1/approve': [200, { ...rahim, state: 'approved', photos: undefined }],
    });
    const first = await requestFrom('Rahim Seller');
    await within(first).findByRole('img', { name: 'Seller holding the ID card of Rahim Seller' });
    await within(first).findByRole('img', { name: 'ID card front of Rahim Seller' });
    await within(first).findByRole('img', { name: 'ID card back of Rahim Seller' });
    const rahimsPhotos = within(first)
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));
    expect(urls.revoked()).toEqual([]);
    await userEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    await answerConfirm('Verify Rahim Seller?', 'Are you sure, You want to Verify?', 'Verify');
    expect(await screen.findByText('Seller Verification Successful')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('POST /api/verification-requests/r1/approve');
    expect(screen.queryByRole('article', { name: 'Request from Rahim Seller' })).not.toBeInTheDocument();
    // The focus goes on to the request that took its place.
    await waitFor(() => {
      expect(screen.getByRole('article', { name: 'Request from Salma Seller' })).toHaveFocus();
    });
    expect(urls.revoked().sort()).toEqual(rahimsPhotos.sort());
    expect(screen.getByText('1 request waiting')).toBeInTheDocument();
  });

  it('does nothing when the admin says not now', async () => {
    const { fetchMock } = openQueue();
    await userEvent.click(within(await requestFrom('Rahim Seller')).getByRole('button', { name: 'Approve' }));
    await answerConfirm('Verify Rahim Seller?', 'Are you sure, You want to Verify?', 'Not now');
    expect(callsOf(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
    expect(screen.getByRole('article', { name: 'Request from Rahim Seller' })).toBeInTheDocument();
  });

  it('rejects a request only with a reason, sends it, and the request leaves the queue', async () => {
    let sent: unknown;
    const { fetchMock } = openQueue({
      [QUEUE]: [200, [rahim]],
      'POST /api/verification-requests/r1/reject': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, { ...rahim, state: 'rejected', reason: 'Your photos are blurry or too dark', photos: undefined }];
      },
    });
    await userEvent.click(within(await requestFrom('Rahim Seller')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject the request of Rahim Seller?' });
    expect(dialog).toHaveAccessibleDescription('Say why, so the seller can fix it: they read it with the notification.');
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why, so the seller can fix it')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/verification-requests/r1/reject');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Your photos are blurry or too dark' }));
    expect(reason).toHaveValue('Your photos are blurry or too dark');
    await userEvent.type(reason, '; the back cannot be read.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected: the seller is told why')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Your photos are blurry or too dark; the back cannot be read.' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('No requests waiting')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Verification requests' })).toHaveFocus();
    });
  });

  it('shows the server’s refusal of a reason under it', async () => {
    openQueue({
      'POST /api/verification-requests/r1/reject': [
        422,
        {
          error: 'validation',
          message: 'Please say why, so the seller can fix it',
          fields: { reason: 'Please say why, so the seller can fix it' },
          codes: { reason: 'required' },
        },
      ],
    });
    await userEvent.click(within(await requestFrom('Rahim Seller')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject the request of Rahim Seller?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why, so the seller can fix it')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(screen.getByRole('article', { name: 'Request from Rahim Seller' })).toBeInTheDocument();
  });

  it('says another admin decided first, and shows the queue as it now is', async () => {
    let reads = 0;
    openQueue({
      [QUEUE]: () => [200, reads++ === 0 ? [rahim, salma] : [salma]],
      'POST /api/verification-requests/r1/approve': [
        409,
        { error: 'conflict', reason: 'verification_decided', message: 'An admin has decided this request already.' },
      ],
    });
    await userEvent.click(within(await requestFrom('Rahim Seller')).getByRole('button', { name: 'Approve' }));
    await answerConfirm('Verify Rahim Seller?', 'Are you sure, You want to Verify?', 'Verify');
    expect(await screen.findByText('An admin has decided this request already.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Request from Rahim Seller' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('article', { name: 'Request from Salma Seller' })).toBeInTheDocument();
  });

  it('fills and empties live as requests are sent and decided, once each', async () => {
    const { queryClient } = openQueue({ [QUEUE]: [200, []] });
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, { event: 'verification.requested', data: salma });
      applyLiveEvent(queryClient, { event: 'verification.requested', data: rahim });
      applyLiveEvent(queryClient, { event: 'verification.requested', data: rahim });
    });
    const list = await screen.findByRole('list', { name: 'Requests' });
    // Oldest first, as the server lists them: Rahim's went first.
    expect(within(list).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Request from Rahim SellerRahim Seller',
      'Request from Salma SellerSalma Seller',
    ]);
    act(() => {
      applyLiveEvent(queryClient, { event: 'verification.decided', data: { ...rahim, state: 'approved' } });
    });
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Request from Rahim Seller' })).not.toBeInTheDocument();
    });
    expect(screen.getByText('1 request waiting')).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, { event: 'verification.decided', data: { ...salma, state: 'rejected', reason: 'x' } });
    });
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
  });

  it('opens on the request a link names, in view and focused', async () => {
    openQueue({}, `${PAGE}#r2`);
    const salmas = await requestFrom('Salma Seller');
    await waitFor(() => {
      expect(salmas).toHaveFocus();
    });
    expect(salmas.className).toContain('ring-brand-600');
    expect(screen.getByRole('article', { name: 'Request from Rahim Seller' }).className).not.toContain('ring-brand-600');
  });

  it('says so when the request a link names is decided already', async () => {
    openQueue({}, `${PAGE}#r9`);
    expect(await screen.findByText('That request is not waiting any more: an admin has decided it.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('article', { name: 'Request from Rahim Seller' })).toBeInTheDocument();
  });

  it('shows the server’s message when the queue cannot be read', async () => {
    openQueue({ [QUEUE]: [500, { error: 'internal', message: 'Something went wrong on our side.' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });
});
