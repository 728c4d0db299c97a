// Listings reviewed when it matters, read in Bangla: the admins' queue (the count in
// Bengali digits, the price and the time in the page's words, why each waits), Approve,
// and Reject's reason asked for in Bangla, with the server's refusal of it in Bangla.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aListingReview } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const QUEUE = 'GET /api/listing-reviews';
const yamaha = aListingReview({ _id: 'p1', productName: 'Yamaha R15', resalePrice: 185000 });
const honda = aListingReview(
  { _id: 'p2', productName: 'Honda CB Hornet', sellerName: 'Salma Seller' },
  { flags: ['money', 'banned', 'low_price', 'resubmitted'], askedAt: '2026-11-27T06:00:00Z' },
);

describe('Listing review, in Bangla', () => {
  beforeEach(() => {
    localStorage.setItem('language', 'bn');
  });

  it('shows the queue in Bangla, digits and all, each listing with why it waits', async () => {
    fakeServer({ ...signedInAs('admin'), [QUEUE]: [200, [yamaha, honda]] });
    renderApp('/dashboard/listing-reviews');
    expect(await screen.findByRole('heading', { name: 'বিজ্ঞাপন যাচাই', level: 2 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    expect(within(nav).getByRole('link', { name: 'বিজ্ঞাপন যাচাই' })).toHaveAttribute('href', '/dashboard/listing-reviews');
    expect(await screen.findByText('২টি বিজ্ঞাপন অপেক্ষায়')).toBeInTheDocument();

    const first = screen.getByRole('article', { name: 'Yamaha R15, বিক্রেতা Rahim Seller' });
    expect(first).toHaveTextContent('৳১,৮৫,০০০');
    expect(first).toHaveTextContent('বিক্রেতা: Rahim Seller');
    expect(first).toHaveTextContent('অপেক্ষায়: শুক্রবার, ২৭ নভেম্বর, সকাল ১০:৩০ থেকে');
    expect(within(first).getByRole('img', { name: 'Yamaha R15-এর ছবি' })).toBeInTheDocument();
    const why = within(within(first).getByRole('list', { name: 'কেন অপেক্ষায়' }));
    expect(why.getAllByRole('listitem').map((flag) => flag.textContent)).toEqual([
      'নতুন বিক্রেতার প্রথম বিজ্ঞাপন',
      'বর্ণনায় ফোন নম্বর',
    ]);
    expect(within(first).getByRole('link', { name: 'বাইকের পাতা খুলুন: Yamaha R15' })).toHaveTextContent('বাইকের পাতা খুলুন');
    expect(within(first).getByRole('button', { name: 'অনুমোদন করুন' })).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Honda CB Hornet, বিক্রেতা Salma Seller' });
    expect(
      within(within(second).getByRole('list', { name: 'কেন অপেক্ষায়' }))
        .getAllByRole('listitem')
        .map((flag) => flag.textContent),
    ).toEqual(['দেখা হওয়ার আগেই টাকা চায়', 'নিষিদ্ধ শব্দ', 'এ রকম বাইকের চেয়ে দাম অনেক কম', 'ফিরিয়ে দেওয়ার পর বদলানো হয়েছে']);
  });

  it('says so in Bangla when nothing waits', async () => {
    fakeServer({ ...signedInAs('admin'), [QUEUE]: [200, []] });
    renderApp('/dashboard/listing-reviews');
    expect(await screen.findByText('যাচাইয়ের অপেক্ষায় কোনো বিজ্ঞাপন নেই')).toBeInTheDocument();
  });

  it('approves in Bangla', async () => {
    fakeServer({
      ...signedInAs('admin'),
      [QUEUE]: [200, [yamaha]],
      'POST /api/listing-reviews/p1/approve': [200, { ...yamaha.listing, state: 'live' }],
    });
    renderApp('/dashboard/listing-reviews');
    const first = await screen.findByRole('article', { name: 'Yamaha R15, বিক্রেতা Rahim Seller' });
    await userEvent.click(within(first).getByRole('button', { name: 'অনুমোদন করুন' }));
    expect(await screen.findByText('Yamaha R15 চালু হয়েছে: ক্রেতারা এখন এটা দেখছেন')).toBeInTheDocument();
    expect(screen.getByText('যাচাইয়ের অপেক্ষায় কোনো বিজ্ঞাপন নেই')).toBeInTheDocument();
  });

  it('asks the reason for a rejection in Bangla, and says the server’s refusal of it in Bangla', async () => {
    fakeServer({
      ...signedInAs('admin'),
      [QUEUE]: [200, [yamaha]],
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
    renderApp('/dashboard/listing-reviews');
    const first = await screen.findByRole('article', { name: 'Yamaha R15, বিক্রেতা Rahim Seller' });
    await userEvent.click(within(first).getByRole('button', { name: 'ফিরিয়ে দিন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Yamaha R15 ফিরিয়ে দেবেন?' });
    expect(within(dialog).getByLabelText('কারণ')).toHaveAttribute('placeholder', 'যেমন: ছবিগুলোতে এই বাইক নয়, অন্য একটা বাইক দেখা যাচ্ছে');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ফিরিয়ে দিন' }));
    expect(await within(dialog).findByText('কেন, তা লিখুন, যাতে বিক্রেতা ঠিক করে নিতে পারেন')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ছবিগুলোতে বিক্রির বাইকটা দেখা যাচ্ছে না' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'ফিরিয়ে দিন' }));
    // The server's English refusal, said in Bangla on a Bangla page.
    expect(await within(dialog).findByText('কেন, তা লিখুন, যাতে বিক্রেতা ঠিক করে নিতে পারেন')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please say why, so the seller can fix it')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('কারণ')).toHaveFocus();
  });

  it('says in Bangla that another admin decided the listing first', async () => {
    fakeServer({
      ...signedInAs('admin'),
      [QUEUE]: [200, [yamaha]],
      'POST /api/listing-reviews/p1/approve': [
        409,
        { error: 'conflict', reason: 'not_in_review', message: 'This listing is not waiting for review.' },
      ],
    });
    renderApp('/dashboard/listing-reviews');
    const first = await screen.findByRole('article', { name: 'Yamaha R15, বিক্রেতা Rahim Seller' });
    await userEvent.click(within(first).getByRole('button', { name: 'অনুমোদন করুন' }));
    expect(await screen.findByText('এই বিজ্ঞাপনটি আর যাচাইয়ের অপেক্ষায় নেই।')).toBeInTheDocument();
  });
});
