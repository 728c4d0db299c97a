import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const email = 'buyer@example.com';

describe('the unconfirmed-address banner', () => {
  it('asks a signed-in user with an unconfirmed address to confirm, and resends the link', async () => {
    const sent: unknown[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: [200, aUser({ email, emailVerified: false })],
      'POST /api/auth/resend-verification': (init) => {
        sent.push(JSON.parse(init.body as string));
        return [202, { message: 'on its way' }];
      },
    });
    renderApp('/dashboard/wishlist');

    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(banner).toHaveTextContent(`Please confirm your email address: we sent a link to ${email}.`);
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(`We sent a new link to ${email}.`)).toBeInTheDocument();
    expect(sent).toEqual([{ email }]);
  });

  it('says when too many links were asked for', async () => {
    const wait = 'We have sent several mails to this address already. Please wait 40 minutes and try again.';
    fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: [200, aUser({ email, emailVerified: false })],
      'POST /api/auth/resend-verification': [429, { error: 'too_many_requests', message: wait }],
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(wait)).toBeInTheDocument();
  });

  it('is not shown to a confirmed user or a visitor', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: [200, aUser({ email, emailVerified: true })],
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Buyer Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain(`GET /api/users/${encodeURIComponent(email)}`);

    localStorage.clear();
    fakeServer({});
    renderApp('/blog');
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
  });
});
