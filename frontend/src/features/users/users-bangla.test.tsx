// The admin's people tables read in Bangla: who is suspended and why, Warn and Suspend,
// and the server's refusal of a second suspension in Bangla.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aUser, modified } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const karim = aUser({ _id: 'u1', name: 'Karim Buyer', email: 'karim@example.com' });
const fake = aUser({ _id: 'u2', name: 'Fake Buyer', email: 'fake@example.com', suspended: true, suspendedReason: 'ভুয়া অ্যাকাউন্ট' });

describe('All Buyers and All Sellers, in Bangla', () => {
  beforeEach(() => {
    localStorage.setItem('language', 'bn');
  });

  it('shows a suspended buyer’s badge and why in Bangla, and Warn and Suspend for the others', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/allBuyer': [200, [karim, fake]] });
    renderApp('/dashboard/all-buyer');
    const banned = await screen.findByRole('row', { name: /Fake Buyer/ });
    expect(within(banned).getByText('সাসপেন্ড করা')).toBeInTheDocument();
    expect(banned).toHaveTextContent('সাসপেন্ড করা হয়েছে: ভুয়া অ্যাকাউন্ট');
    const row = screen.getByRole('row', { name: /Karim Buyer/ });
    expect(within(row).getByRole('button', { name: 'সতর্ক করুন' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'সাসপেন্ড করুন' })).toBeInTheDocument();
  });

  it('suspends in Bangla, and says in Bangla that another admin did it first', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/allSeller': [200, [aUser({ _id: 's1', name: 'Rahim Seller', role: 'seller' })]],
      'GET /api/verification-requests': [200, []],
      'POST /api/users/s1/suspend': [
        409,
        { error: 'conflict', reason: 'already_suspended', message: 'This account is suspended already.' },
      ],
    });
    renderApp('/dashboard/all-seller');
    const row = await screen.findByRole('row', { name: /Rahim Seller/ });
    await userEvent.click(within(row).getByRole('button', { name: 'সাসপেন্ড করুন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rahim Seller-কে সাসপেন্ড করবেন?' });
    expect(dialog).toHaveAccessibleDescription(
      'সব জায়গা থেকে তাঁকে লগ আউট করে দেওয়া হবে, তিনি আর লগ ইন বা নতুন করে সাইন আপ করতে পারবেন না, আর তাঁর বিক্রি না হওয়া বাইকগুলো সাইট থেকে সরে যাবে। সাসপেনশন এখনো এখান থেকে তুলে নেওয়া যায় না।',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'সাসপেন্ড করুন' }));
    expect(await within(dialog).findByText('কেন, তা লিখুন: এটা অডিট লগে থাকবে')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'চুরির বাইক বা জাল কাগজের বিজ্ঞাপন দিয়েছেন' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'সাসপেন্ড করুন' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('এই অ্যাকাউন্টটা আগেই সাসপেন্ড করা হয়েছে।');
  });

  it('warns in Bangla', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/allBuyer': [200, [karim]],
      'POST /api/users/u1/warn': [200, modified()],
    });
    renderApp('/dashboard/all-buyer');
    const row = await screen.findByRole('row', { name: /Karim Buyer/ });
    await userEvent.click(within(row).getByRole('button', { name: 'সতর্ক করুন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Karim Buyer-কে সতর্ক করবেন?' });
    await userEvent.type(within(dialog).getByLabelText('কারণ'), 'বিক্রেতাদের সঙ্গে খারাপ ব্যবহার');
    await userEvent.click(within(dialog).getByRole('button', { name: 'সতর্ক করুন' }));
    expect(await screen.findByText('Karim Buyer-কে সতর্ক করা হয়েছে: কারণটা তাঁকে জানানো হয়েছে')).toBeInTheDocument();
  });
});
