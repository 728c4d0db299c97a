import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

const user = { _id: '7', name: 'Rahim', email: 'rahim@example.com', image: '/uploads/r.png', role: 'buyer' };

describe('the login form', () => {
  it('asks for the e-mail and the password with the product’s messages', async () => {
    fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, []] });
    renderApp('/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('Please give your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in in two steps, stores the access token and says Login Successful', async () => {
    const fetchMock = fakeServer({
      'POST /api/auth/login': [200, { idToken: 'identity' }],
      'PUT /api/users/rahim%40example.com': [200, { token: 'access', user }],
      'GET /api/users/rahim%40example.com': [200, user],
      'GET /api/categories': [200, []],
      'GET /api/advertise': [200, []],
    });
    const { router } = renderApp('/login');

    await userEvent.type(await screen.findByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(localStorage.getItem('access-token')).toBe('access');
    expect(localStorage.getItem('user-email')).toBe('rahim@example.com');
    expect(router.state.location.pathname).toBe('/');
    const exchange = fetchMock.mock.calls.find(([url, init]) => url === '/api/users/rahim%40example.com' && init?.method === 'PUT');
    expect(new Headers(exchange?.[1]?.headers).get('Authorization')).toBe('Bearer identity');
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows the provider’s message as an error toast', async () => {
    fakeServer({
      'POST /api/auth/login': [401, { error: 'unauthorized', message: 'Wrong e-mail or password.' }],
    });
    renderApp('/login');

    await userEvent.type(await screen.findByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findAllByText('Wrong e-mail or password.')).not.toHaveLength(0);
    // Beside the password as well as in the toast, until the password is typed again.
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Wrong e-mail or password.');
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Password'), '2');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription('Wrong e-mail or password.');
  });

  it('says an account an admin suspended cannot sign in, and where to write', async () => {
    const suspended =
      "This account is suspended for breaking the marketplace's rules. If you think this is a mistake, write to support@bikehaat.com.bd.";
    fakeServer({
      'POST /api/auth/login': [200, { idToken: 'identity' }],
      'PUT /api/users/rahim%40example.com': [403, { error: 'forbidden', reason: 'account_suspended', message: suspended }],
      'GET /api/categories': [200, []],
      'GET /api/advertise': [200, []],
    });
    const { router } = renderApp('/login');

    await userEvent.type(await screen.findByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findAllByText(suspended)).not.toHaveLength(0);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(suspended);
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('offers e-mail and password alone where Google sign-in is not set up', async () => {
    fakeServer({});
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot Your Password' })).toBeInTheDocument();
  });
});
