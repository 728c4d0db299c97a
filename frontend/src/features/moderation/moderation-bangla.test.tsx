// Reported Products read in Bangla: the queue (counts in Bengali digits, the reasons and
// the time in the page's words), Dismiss, Remove's reason asked for in Bangla with the
// server's refusal of it in Bangla, the seller's Warn and Suspend, and another admin's
// decision said in Bangla.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aReport, aReportedListing, modified } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const QUEUE = 'GET /api/reports';
const honda = aReportedListing(
  { _id: 'p2', productName: 'Honda CBR', resalePrice: 240000, sellerId: 's2', sellerName: 'Salma Seller' },
  [aReport({ reporterId: 'b1' }), aReport({ reporterId: 'b2', reporterName: 'Nadia Buyer', reason: 'duplicate', note: '' })],
);

function openQueue(server: FakeServer = {}) {
  fakeServer({ ...signedInAs('admin'), [QUEUE]: [200, [honda]], ...server });
  renderApp('/dashboard/reported-products');
  return screen.findByRole('article', { name: 'Honda CBR, বিক্রেতা Salma Seller' });
}

describe('Reported Products, in Bangla', () => {
  beforeEach(() => {
    localStorage.setItem('language', 'bn');
  });

  it('shows the queue in Bangla, digits and all, each report with why in Bangla', async () => {
    const card = await openQueue();
    expect(screen.getByRole('heading', { name: 'রিপোর্ট করা বাইক', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('১টি বিজ্ঞাপন রিপোর্ট করা হয়েছে')).toBeInTheDocument();
    expect(card).toHaveTextContent('৳২,৪০,০০০');
    expect(card).toHaveTextContent('২ জন ক্রেতা রিপোর্ট করেছেন');
    expect(
      within(within(card).getByRole('list', { name: 'ক্রেতারা কেন রিপোর্ট করেছেন' }))
        .getAllByRole('listitem')
        .map((reason) => reason.textContent),
    ).toEqual(['প্রতারণা · ১', 'একই বাইক দুবার · ১']);
    expect(card).toHaveTextContent('শুক্রবার, ২৭ নভেম্বর, সকাল ১০:৩০');
    expect(within(card).getByRole('img', { name: 'Honda CBR-এর ছবি' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'বাইকের পাতা খুলুন: Honda CBR' })).toHaveAttribute('href', '/products/p2');
    for (const action of ['খারিজ করুন', 'সরিয়ে দিন', 'বিক্রেতাকে সতর্ক করুন', 'বিক্রেতাকে সাসপেন্ড করুন', 'মুছুন']) {
      expect(within(card).getByRole('button', { name: action })).toBeInTheDocument();
    }
  });

  it('says so in Bangla when nothing is reported', async () => {
    fakeServer({ ...signedInAs('admin'), [QUEUE]: [200, []] });
    renderApp('/dashboard/reported-products');
    expect(await screen.findByText('রিপোর্ট করা কোনো বাইক নেই।')).toBeInTheDocument();
  });

  it('dismisses in Bangla, and says in Bangla that another admin decided first', async () => {
    const card = await openQueue({
      'POST /api/reports/p2/dismiss': [
        409,
        { error: 'conflict', reason: 'no_open_reports', message: 'This listing has no open reports.' },
      ],
    });
    await userEvent.click(within(card).getByRole('button', { name: 'খারিজ করুন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Honda CBR-এর রিপোর্টগুলো খারিজ করবেন?' });
    expect(within(dialog).getByLabelText('অডিট লগের জন্য নোট (না দিলেও চলবে)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'খারিজ করুন' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('এই বিজ্ঞাপন নিয়ে খোলা কোনো রিপোর্ট আর নেই।');
  });

  it('asks the reason for a removal in Bangla, and says the server’s refusal of it in Bangla', async () => {
    const card = await openQueue({
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
    await userEvent.click(within(card).getByRole('button', { name: 'সরিয়ে দিন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Honda CBR সরিয়ে দেবেন?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'সরিয়ে দিন' }));
    expect(await within(dialog).findByText('কেন, তা লিখুন, যাতে বিক্রেতা ঠিক করে নিতে পারেন')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'বাইকটা আগেই বিক্রি হয়ে গেছে' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'সরিয়ে দিন' }));
    expect(await within(dialog).findByText('কেন, তা লিখুন, যাতে বিক্রেতা ঠিক করে নিতে পারেন')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please say why, so the seller can fix it')).not.toBeInTheDocument();
  });

  it('warns the seller in Bangla', async () => {
    const card = await openQueue({ 'POST /api/users/s2/warn': [200, modified()] });
    await userEvent.click(within(card).getByRole('button', { name: 'বিক্রেতাকে সতর্ক করুন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Salma Seller-কে সতর্ক করবেন?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'সতর্ক করুন' }));
    expect(await within(dialog).findByText('কেন, তা লিখুন: সতর্কবার্তার সঙ্গে তিনি এটা পড়বেন')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'মেসেজে ভদ্রভাবে কথা বলুন' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'সতর্ক করুন' }));
    expect(await screen.findByText('Salma Seller-কে সতর্ক করা হয়েছে: কারণটা তাঁকে জানানো হয়েছে')).toBeInTheDocument();
  });

  it('says in Bangla that admins cannot be suspended', async () => {
    const card = await openQueue({
      'POST /api/users/s2/suspend': [
        409,
        { error: 'conflict', reason: 'not_for_admins', message: 'Admins cannot be warned or suspended.' },
      ],
    });
    await userEvent.click(within(card).getByRole('button', { name: 'বিক্রেতাকে সাসপেন্ড করুন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Salma Seller-কে সাসপেন্ড করবেন?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ভুয়া অ্যাকাউন্ট' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'সাসপেন্ড করুন' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('অ্যাডমিনদের সতর্ক বা সাসপেন্ড করা যায় না।');
  });
});
