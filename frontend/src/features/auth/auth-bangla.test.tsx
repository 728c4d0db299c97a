import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageContext } from '@/lib/i18n/language-context.ts';
import type { AccountToVerify } from '@/lib/api/types.ts';
import { fakeServer, renderApp } from '@/test/render-app.tsx';
import { ConfirmAccountForm } from './components/confirm-account-form.tsx';

describe('the sign-in pages in Bangla', () => {
  it('log in in Bangla, with the messages in Bangla', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({});
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'লগ ইন' })).toBeInTheDocument();
    await expect.poll(() => document.title).toBe('লগ ইন · BikeHaat');
    expect(screen.getByRole('link', { name: 'পাসওয়ার্ড ভুলে গেছেন?' })).toBeInTheDocument();
    expect(screen.getByText('BikeHaat-এ নতুন?')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'লগ ইন' }));
    expect(await screen.findByText('ইমেইল ঠিকানা দিন')).toBeInTheDocument();
    expect(screen.getByText('আপনার পাসওয়ার্ড দিন')).toBeInTheDocument();
    expect(screen.getByLabelText('ইমেইল')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says in Bangla that a suspended account cannot sign in, and where to write', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({
      'POST /api/auth/login': [200, { idToken: 'identity' }],
      'PUT /api/users/rahim%40example.com': [
        403,
        {
          error: 'forbidden',
          reason: 'account_suspended',
          message:
            "This account is suspended for breaking the marketplace's rules. If you think this is a mistake, write to support@bikehaat.com.bd.",
        },
      ],
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('ইমেইল'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('পাসওয়ার্ড'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'লগ ইন' }));
    const said =
      'মার্কেটপ্লেসের নিয়ম ভাঙার জন্য এই অ্যাকাউন্টটা সাসপেন্ড করা হয়েছে। ভুল মনে হলে support@bikehaat.com.bd-তে লিখুন।';
    expect(await screen.findAllByText(said)).not.toHaveLength(0);
    expect(screen.getByLabelText('পাসওয়ার্ড')).toHaveAccessibleDescription(said);
  });

  it('sign up as a buyer or a seller, with the password rules in Bangla and Bengali digits', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({
      // Google sign-in set up, so its button shows.
      'GET /api/config': [
        200,
        { signIn: { firebase: { apiKey: 'key', authDomain: 'x.firebaseapp.com', projectId: 'x' } }, payments: { provider: 'test' } },
      ],
    });
    renderApp('/signup');

    expect(await screen.findByRole('radio', { name: 'ক্রেতা হিসেবে' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'বিক্রেতা হিসেবে' })).toBeInTheDocument();
    const password = screen.getByLabelText('পাসওয়ার্ড');
    expect(password).toHaveAttribute('placeholder', 'অন্তত ৬ অক্ষর');

    await userEvent.type(password, 'Ab1#');
    await userEvent.click(screen.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }));
    expect(await screen.findByText('আপনার নাম দিন')).toBeInTheDocument();
    expect(screen.getByText('পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Google দিয়ে লগ ইন করুন' })).toBeInTheDocument();
  });

  it('says a link without a token is spent, in Bangla', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({});
    renderApp('/reset-password');

    expect(
      await screen.findByText('এই লিংকটা আর কাজ করে না: মেয়াদ শেষ, নয়তো আগেই ব্যবহার হয়ে গেছে। নতুন লিংক চেয়ে নিন।'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'নতুন লিংক চান' })).toHaveAttribute('href', '/forgot-password');
  });

  it('names the account a link confirms, in the order Bangla puts it', () => {
    const account = { email: 'rahim@example.com', name: 'Rahim Uddin' } as AccountToVerify;
    const { container } = render(
      <LanguageContext value={{ locale: 'bn', setLocale: () => undefined }}>
        <ConfirmAccountForm token="t" account={account} onConfirmed={() => Promise.resolve()} onLinkProblem={() => undefined} />
      </LanguageContext>,
    );

    expect(container.querySelector('p')).toHaveTextContent(
      'এই লিংক দিয়ে Rahim Uddin নামের অ্যাকাউন্টটা (rahim@example.com) নিশ্চিত হবে।',
    );
    expect(screen.getByText('Rahim Uddin').tagName).toBe('STRONG');
    expect(screen.getByLabelText('এই অ্যাকাউন্টের পাসওয়ার্ড')).toBeInTheDocument();
  });

  it('says the English spec words when an English reader signs up as a seller', async () => {
    const seller = { _id: '9', name: 'Karim', email: 'karim@example.com', image: '/uploads/k.png', role: 'seller' };
    fakeServer({
      'POST /api/auth/signup': [201, { idToken: 'identity' }],
      'POST /api/uploads': [200, { success: true, data: { display_url: '/uploads/k.png' } }],
      'PUT /api/users/karim%40example.com': [200, { token: 'access', user: seller }],
      'GET /api/users/karim%40example.com': [200, seller],
      'GET /api/categories': [200, []],
      'GET /api/advertise': [200, []],
    });
    renderApp('/signup');

    await userEvent.type(await screen.findByLabelText('Name'), 'Karim');
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByLabelText('As a Seller'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Successfully Created Your seller Account')).toBeInTheDocument();
  });

  it('stays in English by default', async () => {
    fakeServer({});
    renderApp('/signup');

    expect(await screen.findByRole('radio', { name: 'As a Buyer' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'At least 6 characters');
    expect(screen.getByText('Your next ride is one booking away.')).toBeInTheDocument();

    const account = { email: 'rahim@example.com', name: 'Rahim Uddin' } as AccountToVerify;
    const { container } = render(
      <ConfirmAccountForm token="t" account={account} onConfirmed={() => Promise.resolve()} onLinkProblem={() => undefined} />,
    );
    expect(container.querySelector('p')).toHaveTextContent(
      'This link confirms the account for rahim@example.com named Rahim Uddin.',
    );
  });
});
