// Sellers verified with evidence, read in Bangla: the seller's Get verified (the photos,
// why only admins see them, a request in review with its time in Dhaka's words, a
// rejection) and the admins' queue (the count in Bengali digits, Approve's question in the
// spec's words, Reject's reason asked for in Bangla), and the server's refusals in Bangla.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aVerificationRequest } from '@/test/fixtures.ts';
import { watchObjectUrls } from '@/test/object-urls.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const MINE = 'GET /api/verification-requests/mine';

const mine = (overrides: Parameters<typeof aVerificationRequest>[0] = {}) => {
  const request = aVerificationRequest({ sellerId: '1', ...overrides });
  delete request.photos;
  return request;
};

const photos: FakeServer = Object.fromEntries(
  ['f1', 'b1', 's1', 'f2', 'b2', 's2'].map((name) => [`GET /api/verification-requests/photos/${name}`, [200, 'jpeg']]),
);

const aPhoto = (name: string) => new File(['jpg'], name, { type: 'image/jpeg' });

describe('Sellers verified with evidence, in Bangla', () => {
  beforeEach(() => {
    localStorage.setItem('language', 'bn');
    watchObjectUrls();
  });

  it('asks a seller for the three photos in Bangla, saying who sees them', async () => {
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, null] });
    renderApp('/dashboard/verification');
    expect(await screen.findByRole('heading', { name: 'যাচাই করিয়ে নিন', level: 2 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    expect(within(nav).getByRole('link', { name: 'যাচাই করিয়ে নিন' })).toHaveAttribute('href', '/dashboard/verification');
    expect(await screen.findByLabelText('পরিচয়পত্রের সামনের দিক')).toBeInTheDocument();
    expect(screen.getByLabelText('পরিচয়পত্রের পেছনের দিক')).toBeInTheDocument();
    expect(screen.getByLabelText('পরিচয়পত্র হাতে আপনার ছবি')).toBeInTheDocument();
    expect(
      screen.getByText('এই ছবিগুলো শুধু অ্যাডমিনরা দেখেন; সিদ্ধান্ত নেওয়া হলেই আমরা ছবিগুলো মুছে ফেলি।'),
    ).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('পরিচয়পত্রের পেছনের দিক'), aPhoto('back.jpg'));
    expect(screen.getByRole('img', { name: 'আপনার ছবি: পরিচয়পত্রের পেছনের দিক' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'যাচাইয়ের জন্য পাঠান' }));
    expect(screen.getAllByText('এই ছবিটা দিন')).toHaveLength(2);
  });

  it('shows a request in review with when it was sent in Dhaka’s words', async () => {
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, mine()] });
    renderApp('/dashboard/verification');
    const review = await screen.findByRole('region', { name: 'যাচাই চলছে' });
    expect(review).toHaveTextContent('পাঠানো হয়েছে: শুক্রবার, ২৭ নভেম্বর, সকাল ১০:৩০');
    expect(review).toHaveTextContent('সিদ্ধান্ত হলেই আমরা আপনাকে জানাব।');
  });

  it('shows a rejection’s reason as the admin wrote it, under a Bangla heading', async () => {
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, mine({ state: 'rejected', reason: 'ছবিগুলো ঝাপসা' })] });
    renderApp('/dashboard/verification');
    const box = await screen.findByRole('region', { name: 'আপনার ছবিগুলো গ্রহণ করা হয়নি' });
    expect(within(box).getByRole('blockquote')).toHaveTextContent('ছবিগুলো ঝাপসা');
    expect(box).toHaveTextContent('অ্যাডমিন যা বলেছেন তা ঠিক করে নিচে নতুন ছবি পাঠান।');
  });

  it('shows the admins’ queue in Bangla, digits and all, and asks before approving', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/verification-requests': [
        200,
        [aVerificationRequest(), aVerificationRequest({ _id: 'r2', sellerId: 'u2', sellerName: 'Salma Seller', photos: { front: 'f2', back: 'b2', selfie: 's2' } })],
      ],
      ...photos,
    });
    renderApp('/dashboard/verification-requests');
    expect(await screen.findByRole('heading', { name: 'যাচাইয়ের অনুরোধ', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('২টি অনুরোধ অপেক্ষায়')).toBeInTheDocument();
    const request = await screen.findByRole('article', { name: 'Rahim Seller-এর অনুরোধ' });
    expect(request).toHaveTextContent('পাঠানো হয়েছে: শুক্রবার, ২৭ নভেম্বর, সকাল ১০:৩০');
    expect(await within(request).findByRole('img', { name: 'Rahim Seller-এর ছবি: পরিচয়পত্রের সামনের দিক' })).toBeInTheDocument();
    expect(within(request).getByRole('button', { name: 'পরিচয়পত্রের সামনের দিক বড় করে দেখুন' })).toBeInTheDocument();
    expect(within(request).getByText('পরিচয়পত্র হাতে বিক্রেতা')).toBeInTheDocument();
    await userEvent.click(within(request).getByRole('button', { name: 'অনুমোদন করুন' }));
    await answerConfirm('Rahim Seller-কে যাচাই করবেন?', 'আপনি কি নিশ্চিত, যাচাই করতে চান?', 'এখন না');
  });

  it('asks the reason for a rejection in Bangla, and says the server’s refusal of it in Bangla', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/verification-requests': [200, [aVerificationRequest()]],
      ...photos,
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
    renderApp('/dashboard/verification-requests');
    const request = await screen.findByRole('article', { name: 'Rahim Seller-এর অনুরোধ' });
    await userEvent.click(within(request).getByRole('button', { name: 'ফিরিয়ে দিন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rahim Seller-এর অনুরোধ ফিরিয়ে দেবেন?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ফিরিয়ে দিন' }));
    expect(await within(dialog).findByText('কেন, তা লিখুন, যাতে বিক্রেতা ঠিক করে নিতে পারেন')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'আপনার ছবিগুলো ঝাপসা বা খুব অন্ধকার' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'ফিরিয়ে দিন' }));
    expect(await within(dialog).findByText('কেন, তা লিখুন, যাতে বিক্রেতা ঠিক করে নিতে পারেন')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('কারণ')).toHaveFocus();
  });

  it('says in Bangla that another admin decided a request first', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/verification-requests': [200, [aVerificationRequest()]],
      ...photos,
      'POST /api/verification-requests/r1/approve': [
        409,
        { error: 'conflict', reason: 'verification_decided', message: 'An admin has decided this request already.' },
      ],
    });
    renderApp('/dashboard/verification-requests');
    const request = await screen.findByRole('article', { name: 'Rahim Seller-এর অনুরোধ' });
    await userEvent.click(within(request).getByRole('button', { name: 'অনুমোদন করুন' }));
    await answerConfirm('Rahim Seller-কে যাচাই করবেন?', 'আপনি কি নিশ্চিত, যাচাই করতে চান?', 'যাচাই করুন');
    expect(await screen.findByText('একজন অ্যাডমিন আগেই এই অনুরোধের সিদ্ধান্ত নিয়ে ফেলেছেন।')).toBeInTheDocument();
  });

  it('says in Bangla why a seller’s request was refused', async () => {
    fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, null],
      'POST /api/verification-requests/photos': [201, { photo: 'kept' }],
      'POST /api/verification-requests': [
        403,
        {
          error: 'unverified',
          reason: 'unverified',
          message: 'Confirm your email address first: open the link we sent you, or ask for a new one.',
        },
      ],
    });
    renderApp('/dashboard/verification');
    await userEvent.upload(await screen.findByLabelText('পরিচয়পত্রের সামনের দিক'), aPhoto('front.jpg'));
    await userEvent.upload(screen.getByLabelText('পরিচয়পত্রের পেছনের দিক'), aPhoto('back.jpg'));
    await userEvent.upload(screen.getByLabelText('পরিচয়পত্র হাতে আপনার ছবি'), aPhoto('selfie.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'যাচাইয়ের জন্য পাঠান' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'আগে আপনার ইমেইল ঠিকানা নিশ্চিত করুন: আমাদের পাঠানো লিংকটি খুলুন, অথবা নতুন লিংক চেয়ে নিন।',
    );
  });

  it('shows the All Sellers badges and next steps in Bangla', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/allSeller': [
        200,
        [
          { _id: 'u1', name: 'Rahim Seller', email: 'rahim@example.com', image: '', role: 'seller', emailVerified: true, phoneVerified: false, language: 'bn' },
          { _id: 'u3', name: 'Karim Seller', email: 'karim@example.com', image: '', role: 'seller', emailVerified: true, phoneVerified: false, language: 'bn' },
        ],
      ],
      'GET /api/verification-requests': [200, [aVerificationRequest()]],
    });
    renderApp('/dashboard/all-seller');
    const karim = await screen.findByRole('row', { name: /Karim Seller/ });
    expect(await within(karim).findByText('এখনো পরিচয়পত্র পাঠাননি')).toBeInTheDocument();
    expect(within(karim).getByText('যাচাই করা হয়নি')).toBeInTheDocument();
    const rahim = screen.getByRole('row', { name: /Rahim Seller/ });
    expect(within(rahim).getByRole('link', { name: 'যাচাই করুন' })).toHaveAttribute('href', '/dashboard/verification-requests#r1');
  });
});
