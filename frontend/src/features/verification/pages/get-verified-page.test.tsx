import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aNotification, aUser, aVerificationRequest } from '@/test/fixtures.ts';
import { watchObjectUrls } from '@/test/object-urls.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const PAGE = '/dashboard/verification';
const ME = `GET /api/users/${encodeURIComponent('seller@example.com')}`;
const MINE = 'GET /api/verification-requests/mine';
const PHOTOS = 'POST /api/verification-requests/photos';
const SEND = 'POST /api/verification-requests';

/** The seller's own request, as they read it: no photos (those are the admins'). */
const mine = (overrides: Parameters<typeof aVerificationRequest>[0] = {}) => {
  const request = aVerificationRequest({
    sellerId: '1',
    sellerName: 'Test seller',
    sellerEmail: 'seller@example.com',
    ...overrides,
  });
  delete request.photos;
  return request;
};

/** Keeps each photo under a name made from its file's, as the server keeps it under a fresh one. */
const keepsEachPhoto: FakeServer[string] = (init) => {
  const file = (init.body as FormData).get('image') as File;
  return [201, { photo: `kept-${file.name}` }];
};

const aPhoto = (name: string) => new File(['jpg'], name, { type: 'image/jpeg' });

function openPage(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('seller'), [MINE]: [200, null], ...server });
  return { fetchMock, ...renderApp(PAGE) };
}

/** Picks the three photos, as a seller does one after the other. */
async function pickThree() {
  await userEvent.upload(await screen.findByLabelText('ID card front'), aPhoto('front.jpg'));
  await userEvent.upload(screen.getByLabelText('ID card back'), aPhoto('back.jpg'));
  await userEvent.upload(screen.getByLabelText('You holding your ID card'), aPhoto('selfie.jpg'));
}

describe('Get verified', () => {
  beforeEach(() => {
    watchObjectUrls();
  });

  it('is in the seller’s side panel', async () => {
    openPage();
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Get verified' })).toHaveAttribute('href', PAGE);
    expect(await screen.findByRole('heading', { name: 'Get verified', level: 2 })).toBeInTheDocument();
  });

  it('asks for the three photos, each with a preview, and says who sees them', async () => {
    openPage();
    await pickThree();
    expect(screen.getByRole('img', { name: 'Your photo: ID card front' })).toHaveAttribute('src', 'blob:1');
    expect(screen.getByRole('img', { name: 'Your photo: ID card back' })).toHaveAttribute('src', 'blob:2');
    expect(screen.getByRole('img', { name: 'Your photo: You holding your ID card' })).toHaveAttribute('src', 'blob:3');
    expect(screen.getByText('Only admins see these photos; we delete them once we decide.')).toBeInTheDocument();
    expect(screen.getAllByText('Change photo')).toHaveLength(3);
  });

  it('sends the three photos, then the request naming them, and shows it in review', async () => {
    let sent: unknown;
    const { fetchMock } = openPage({
      [PHOTOS]: keepsEachPhoto,
      [SEND]: (init) => {
        sent = JSON.parse(init.body as string);
        return [201, mine()];
      },
    });
    await pickThree();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));

    const review = await screen.findByRole('region', { name: 'In review' });
    expect(review).toHaveFocus();
    // 04:30 UTC is 10:30 am in Dhaka.
    expect(review).toHaveTextContent('Sent Fri 27 Nov, 10:30 am');
    expect(review).toHaveTextContent('An admin will look at your photos soon.');
    expect(await screen.findByText('Sent for review')).toBeInTheDocument();
    expect(sent).toEqual({ front: 'kept-front.jpg', back: 'kept-back.jpg', selfie: 'kept-selfie.jpg' });
    const calls = callsOf(fetchMock).filter((call) => call.startsWith('POST'));
    expect(calls).toEqual([PHOTOS, PHOTOS, PHOTOS, SEND]);
    const files = fetchMock.mock.calls
      .filter(([url]) => url === '/api/verification-requests/photos')
      .map(([, init]) => ((init?.body as FormData).get('image') as File).name);
    expect(files.sort()).toEqual(['back.jpg', 'front.jpg', 'selfie.jpg']);
    expect(screen.queryByRole('button', { name: 'Send for review' })).not.toBeInTheDocument();
  });

  it('asks for every photo missing, and sends nothing', async () => {
    const { fetchMock } = openPage();
    await userEvent.upload(await screen.findByLabelText('ID card back'), aPhoto('back.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(screen.getAllByText('Please add this photo')).toHaveLength(2);
    expect(screen.getByLabelText('ID card front')).toHaveFocus();
    expect(screen.getByLabelText('ID card front')).toHaveAccessibleDescription(
      'Please add this photo The side with your photo and name',
    );
    expect(callsOf(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('shows a refused photo under it, and sends only that one again', async () => {
    let refuse = true;
    const { fetchMock } = openPage({
      [PHOTOS]: (init) => {
        const file = (init.body as FormData).get('image') as File;
        if (file.name === 'back.jpg' && refuse) {
          return [422, { error: 'validation', message: 'The image could not be read.', fields: { image: 'The image could not be read.' } }];
        }
        return keepsEachPhoto(init);
      },
      [SEND]: [201, mine()],
    });
    await pickThree();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('The image could not be read.')).toBeInTheDocument();
    expect(screen.getByLabelText('ID card back')).toHaveFocus();
    expect(callsOf(fetchMock)).not.toContain(SEND);

    refuse = false;
    await userEvent.upload(screen.getByLabelText('ID card back'), aPhoto('back.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('region', { name: 'In review' })).toBeInTheDocument();
    // Front and selfie went the first time: only the back goes again.
    expect(callsOf(fetchMock).filter((call) => call === PHOTOS)).toHaveLength(4);
  });

  it('shows a photo the request was refused for under it', async () => {
    openPage({
      [PHOTOS]: keepsEachPhoto,
      [SEND]: [
        422,
        {
          error: 'validation',
          message: 'Please upload a photo',
          fields: { selfie: 'Please upload a photo' },
          codes: { selfie: 'not_an_image' },
        },
      ],
    });
    await pickThree();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Please upload a photo')).toBeInTheDocument();
    expect(screen.getByLabelText('You holding your ID card')).toHaveFocus();
  });

  it('says a request waits already, and shows it', async () => {
    let reads = 0;
    openPage({
      [MINE]: () => [200, reads++ === 0 ? null : mine()],
      [PHOTOS]: keepsEachPhoto,
      [SEND]: [
        409,
        { error: 'conflict', reason: 'verification_pending', message: 'Your request is waiting for an admin already.' },
      ],
    });
    await pickThree();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('region', { name: 'In review' })).toBeInTheDocument();
  });

  it('says the seller is verified already when the server says so, and shows it', async () => {
    let verified = false;
    openPage({
      [ME]: () => [
        200,
        aUser({ _id: '1', email: 'seller@example.com', role: 'seller', ...(verified ? { verification: 'verified' } : {}) }),
      ],
      [PHOTOS]: keepsEachPhoto,
      [SEND]: () => {
        verified = true;
        return [409, { error: 'conflict', reason: 'already_verified', message: 'You are verified already.' }];
      },
    });
    await pickThree();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('region', { name: 'You are verified' })).toBeInTheDocument();
  });

  it('shows a request in review, with when it was sent, and no form', async () => {
    openPage({ [MINE]: [200, mine()] });
    const review = await screen.findByRole('region', { name: 'In review' });
    expect(review).toHaveTextContent('Sent Fri 27 Nov, 10:30 am');
    expect(screen.queryByLabelText('ID card front')).not.toBeInTheDocument();
  });

  it('shows why a request was rejected, and the photos again for a new one', async () => {
    const rejected = mine({ state: 'rejected', reason: 'The back of the card is too blurry to read.' });
    openPage({ [MINE]: [200, rejected], [PHOTOS]: keepsEachPhoto, [SEND]: [201, mine({ _id: 'r2' })] });
    const box = await screen.findByRole('region', { name: 'Your photos were not accepted' });
    expect(within(box).getByRole('blockquote')).toHaveTextContent('The back of the card is too blurry to read.');
    expect(box).toHaveTextContent('Fix what the admin asked, then send new photos below.');
    await pickThree();
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('region', { name: 'In review' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your photos were not accepted' })).not.toBeInTheDocument();
  });

  it('says a verified seller is verified, with the badge, without asking', async () => {
    const { fetchMock } = openPage({
      [ME]: [200, aUser({ _id: '1', email: 'seller@example.com', role: 'seller', verification: 'verified' })],
    });
    const done = await screen.findByRole('region', { name: 'You are verified' });
    expect(within(done).getByText('Verified')).toBeInTheDocument();
    expect(done).toHaveTextContent('Buyers see the Verified badge on all your listings.');
    expect(callsOf(fetchMock)).not.toContain(MINE);
    expect(screen.queryByLabelText('ID card front')).not.toBeInTheDocument();
  });

  it('says so when the latest request was approved', async () => {
    openPage({ [MINE]: [200, mine({ state: 'approved', decidedAt: '2026-11-27T06:00:00Z' })] });
    expect(await screen.findByRole('region', { name: 'You are verified' })).toBeInTheDocument();
  });

  it('reads the request again when the decision’s notification arrives', async () => {
    let decided = false;
    const { queryClient } = openPage({
      [MINE]: () => [200, decided ? mine({ state: 'rejected', reason: 'Your face is not clearly seen beside the card' }) : mine()],
    });
    await screen.findByRole('region', { name: 'In review' });
    decided = true;
    act(() => {
      applyLiveEvent(queryClient, {
        event: 'notification.created',
        data: aNotification({
          _id: 'n7',
          kind: 'verification',
          message: 'An admin could not verify you: Your face is not clearly seen beside the card',
          link: PAGE,
        }),
      });
    });
    expect(await screen.findByRole('region', { name: 'Your photos were not accepted' })).toHaveTextContent(
      'Your face is not clearly seen beside the card',
    );
    expect(screen.getByLabelText('ID card front')).toBeInTheDocument();
  });

  it('asks a seller whose address is not proven to confirm it first', async () => {
    openPage({ ...signedInAs('seller', { emailVerified: false }), [MINE]: [200, null] });
    expect(await screen.findByRole('region', { name: 'Confirm your email address to get verified' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for review' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when the request cannot be read, and reads it again', async () => {
    let reads = 0;
    openPage({
      [MINE]: () =>
        reads++ === 0 ? [500, { error: 'internal', message: 'Something went wrong on our side.' }] : [200, null],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('ID card front')).toBeInTheDocument();
  });

  it('lets go of a photo’s preview when it is changed, and of all of them on leaving', async () => {
    const urls = watchObjectUrls();
    const { router } = openPage();
    await pickThree();
    await userEvent.upload(screen.getByLabelText('ID card front'), aPhoto('front-2.jpg'));
    expect(urls.revoked()).toEqual(['blob:1']);
    expect(screen.getByRole('img', { name: 'Your photo: ID card front' })).toHaveAttribute('src', 'blob:4');
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => {
      expect(urls.revoked().sort()).toEqual(['blob:1', 'blob:2', 'blob:3', 'blob:4']);
    });
  });
});
