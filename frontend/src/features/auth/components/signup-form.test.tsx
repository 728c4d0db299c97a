import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

async function typePassword(password: string) {
  const field = screen.getByLabelText('Password');
  await userEvent.clear(field);
  await userEvent.type(field, password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('the signup form', () => {
  it('asks for name, photo, e-mail and password with the product’s messages', async () => {
    fakeServer({});
    renderApp('/signup');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please Provide Your Name')).toBeInTheDocument();
    expect(screen.getByText('Please Provide Your photo')).toBeInTheDocument();
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('Please Provide a Password')).toBeInTheDocument();
  });

  it('wants at least 6 characters with upper and lower case, a digit and a symbol', async () => {
    fakeServer({});
    renderApp('/signup');
    await screen.findByRole('button', { name: 'Sign Up' });

    await typePassword('Ab1#');
    expect(await screen.findByText('Password must be 6 characters or more')).toBeInTheDocument();

    await typePassword('abcdef12');
    expect(
      await screen.findByText('Capital & Small Letter, Number & Special Character is required'),
    ).toBeInTheDocument();

    await typePassword('Abcdef1#');
    expect(screen.queryByText(/Capital & Small Letter/)).not.toBeInTheDocument();
    expect(screen.queryByText(/6 characters or more/)).not.toBeInTheDocument();
  });

  it('defaults to buyer and creates a seller account when asked, uploading the photo', async () => {
    // Read in Bangla on this device before signing up: the form is in Bangla and the new account keeps it.
    localStorage.setItem('language', 'bn');
    const seller = { _id: '9', name: 'Karim', email: 'karim@example.com', image: '/uploads/k.png', role: 'seller' };
    const fetchMock = fakeServer({
      'POST /api/auth/signup': [201, { idToken: 'identity' }],
      'POST /api/uploads': [200, { success: true, data: { display_url: '/uploads/k.png' } }],
      'PUT /api/users/karim%40example.com': [200, { token: 'access', user: seller }],
      'GET /api/users/karim%40example.com': [200, seller],
      'GET /api/categories': [200, []],
      'GET /api/advertise': [200, []],
    });
    renderApp('/signup');

    expect(await screen.findByLabelText('ক্রেতা হিসেবে')).toBeChecked();
    await userEvent.type(screen.getByLabelText('নাম'), 'Karim');
    await userEvent.upload(screen.getByLabelText('ছবি'), new File(['png'], 'me.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText('ইমেইল'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('পাসওয়ার্ড'), 'Secret#1');
    await userEvent.click(screen.getByLabelText('বিক্রেতা হিসেবে'));
    await userEvent.click(screen.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }));

    expect(await screen.findByText('আপনার বিক্রেতা অ্যাকাউন্ট খোলা হয়েছে')).toBeInTheDocument();
    expect(localStorage.getItem('access-token')).toBe('access');

    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/uploads');
    expect(new Headers(upload?.[1]?.headers).get('Authorization')).toBe('Bearer identity');
    expect((upload?.[1]?.body as FormData).get('image')).toBeInstanceOf(File);
    const exchange = fetchMock.mock.calls.find(([url, init]) => url === '/api/users/karim%40example.com' && init?.method === 'PUT');
    expect(JSON.parse(exchange?.[1]?.body as string)).toEqual({
      name: 'Karim',
      email: 'karim@example.com',
      image: '/uploads/k.png',
      role: 'seller',
      language: 'bn',
    });
  });
});
