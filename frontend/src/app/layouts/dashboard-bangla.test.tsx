// The dashboard's frame and the shared pieces read in Bangla, with Bengali digits, when the
// reader chose Bangla; English stays the default.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PriceTerms } from '@/components/price-terms.tsx';
import { LanguageContext } from '@/lib/i18n/language-context.ts';
import { answerConfirm } from '@/test/confirm-dialog.ts';
import { aNotification, aUser, aVerificationRequest } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const rahim = aUser({ _id: 'u1', name: 'Rahim Seller', email: 'rahim@example.com', role: 'seller', language: 'bn' });
const salma = aUser({
  _id: 'u2',
  name: 'Salma Seller',
  email: 'salma@example.com',
  role: 'seller',
  verification: 'verified',
  language: 'bn',
});

function inBangla() {
  localStorage.setItem('language', 'bn');
}

describe('The dashboard in Bangla', () => {
  it("shows the admin's frame and the sellers' table in Bangla, numbers in Bengali digits", async () => {
    inBangla();
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/allSeller': [200, [rahim, salma]],
      'GET /api/verification-requests': [200, [aVerificationRequest({ _id: 'r1', sellerId: 'u1' })]],
    });
    renderApp('/dashboard/all-seller');

    expect(await screen.findByRole('heading', { level: 1, name: 'অ্যাডমিনের ড্যাশবোর্ড' })).toBeInTheDocument();
    const side = screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    expect(within(side).getByRole('link', { name: 'সব বিক্রেতা' })).toHaveAttribute('href', '/dashboard/all-seller');
    expect(within(side).getByRole('link', { name: 'রিপোর্ট করা বাইক' })).toBeInTheDocument();
    expect(within(side).getByRole('link', { name: 'যাচাইয়ের অনুরোধ' })).toHaveAttribute(
      'href',
      '/dashboard/verification-requests',
    );

    expect(await screen.findByRole('heading', { name: 'সব বিক্রেতা' })).toBeInTheDocument();
    expect(await screen.findByText('২টি এন্ট্রি')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'ছবি',
      'নাম',
      'ইমেইল',
      'পরিচয় যাচাই',
      'অ্যাকশন',
    ]);
    const rahimRow = screen.getByRole('row', { name: /Rahim Seller/ });
    expect(within(rahimRow).getByText('১')).toBeInTheDocument();
    expect(within(rahimRow).getByText('যাচাই করা হয়নি')).toBeInTheDocument();
    expect(await within(rahimRow).findByRole('link', { name: 'যাচাই করুন' })).toHaveAttribute(
      'href',
      '/dashboard/verification-requests#r1',
    );
    const salmaRow = screen.getByRole('row', { name: /Salma Seller/ });
    expect(within(salmaRow).getByText('২')).toBeInTheDocument();
    expect(within(salmaRow).getByText('যাচাই করা')).toBeInTheDocument();

    await userEvent.click(within(rahimRow).getByRole('button', { name: 'মুছুন' }));
    await answerConfirm('Rahim Seller-এর অ্যাকাউন্ট মুছে ফেলবেন?', 'আপনি কি নিশ্চিত, মুছে ফেলতে চান?', 'থাক');
    expect(screen.getByRole('row', { name: /Rahim Seller/ })).toBeInTheDocument();
  });

  it('greets, rings the bell and lists the notifications in Bangla', async () => {
    inBangla();
    const unread = Array.from({ length: 12 }, (_, i) => aNotification({ _id: `n${String(i)}` }));
    fakeServer({
      ...signedInAs('seller'),
      'GET /api/notifications': [200, { unread: 12, notifications: unread }],
    });
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'বিক্রেতার ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'আবার স্বাগতম, Test seller' })).toBeInTheDocument();
    expect(screen.getByText('শুরু করতে মেনু থেকে একটা অংশ বেছে নিন।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আমার বাইক' })).toBeInTheDocument();

    const bell = await screen.findByRole('button', { name: 'নোটিফিকেশন, ১২টি না-পড়া' });
    expect(bell).toHaveTextContent('১২');
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'নোটিফিকেশন' });
    expect(within(panel).getByRole('button', { name: 'সবগুলো পড়া হয়েছে' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { name: 'পড়া হয়েছে' })).toHaveLength(8);
    await userEvent.click(within(panel).getByRole('link', { name: 'সব নোটিফিকেশন দেখুন' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/notifications');
    });
    expect(await screen.findByRole('heading', { name: 'নোটিফিকেশন' })).toBeInTheDocument();
    const times = document.querySelectorAll('main time');
    expect(times).toHaveLength(12);
    expect(times[0]?.textContent).toMatch(/^[০-৯]+\/১১\/২০২৬ [০-৯]+:০০$/);
  });

  it('asks to confirm the address in Bangla', async () => {
    inBangla();
    const email = 'buyer@example.com';
    fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: [200, aUser({ email, emailVerified: false, language: 'bn' })],
    });
    renderApp('/dashboard');

    const banner = await screen.findByRole('region', { name: 'ইমেইল নিশ্চিত করুন' });
    expect(banner).toHaveTextContent(`আপনার ইমেইল ঠিকানা নিশ্চিত করুন: ${email} ঠিকানায় একটা লিংক পাঠিয়েছি।`);
    expect(within(banner).getByText(email).tagName).toBe('STRONG');
    expect(within(banner).getByRole('button', { name: 'আবার পাঠান' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'ক্রেতার ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আমার অর্ডার' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'পছন্দের তালিকা' })).toBeInTheDocument();
  });

  it('says whether a price is negotiable in Bangla', () => {
    render(
      <LanguageContext value={{ locale: 'bn', setLocale: () => undefined }}>
        <PriceTerms negotiable />
        <PriceTerms negotiable={false} />
      </LanguageContext>,
    );
    expect(screen.getByText('দরদাম করা যাবে')).toBeInTheDocument();
    expect(screen.getByText('একদাম')).toBeInTheDocument();
  });

  it('stays in English by default', async () => {
    fakeServer({ ...signedInAs('seller') });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Test seller' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Products' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
