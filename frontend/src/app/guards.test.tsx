import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

describe('the route guards', () => {
  it('send a visitor to /login and back where they came from after signing in', async () => {
    const buyer = { _id: '3', name: 'Test buyer', email: 'buyer@example.com', image: '/u.png', role: 'buyer' };
    fakeServer({
      'POST /api/auth/login': [200, { idToken: 'identity' }],
      'PUT /api/users/buyer%40example.com': [200, { token: 'access', user: buyer }],
      'GET /api/users/buyer%40example.com': [200, buyer],
    });
    const { router } = renderApp('/dashboard/my-orders');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Buyer Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-orders');
  });

  it('send a signed-in user of another role to /login', async () => {
    fakeServer(signedInAs('admin'));
    const { router } = renderApp('/dashboard/my-orders');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('let the right role in, with its side panel', async () => {
    fakeServer(signedInAs('admin'));
    renderApp('/dashboard/all-buyer');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'All Buyers' })).toBeInTheDocument();
    const panel = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(panel).toHaveTextContent('Add CategoryAll SellersVerificationsListing reviewAll BuyersReported Products');
    expect(screen.getByText('admin@example.com')).toBeInTheDocument();
  });

  it('sign out to /login with a toast, ending the session on the server', async () => {
    const endedSessions: (string | null)[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      'POST /api/auth/logout': (init) => {
        endedSessions.push(new Headers(init.headers).get('Authorization'));
        return [200, {}];
      },
    });
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Buyer Dashboard' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('LogOut Successful')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('user-email')).toBeNull();
    expect(endedSessions).toEqual(['Bearer token-of-buyer']);
  });

  it('sign out in this browser even when the server cannot end the session', async () => {
    const fetchMock = fakeServer({ ...signedInAs('seller'), 'POST /api/auth/logout': [500, { error: 'internal', message: 'down' }] });
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Seller Dashboard' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('LogOut Successful')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(callsOf(fetchMock)).toContain('POST /api/auth/logout');
  });
});
