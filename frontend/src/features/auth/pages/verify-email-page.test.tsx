import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const GONE = 'This link is no longer valid: it has expired or was already used. Ask for a new one.';
const TOKEN = 'Aq3l0bTi2y6sP1a9Zt7bWq8c4Hn5Jm2Kx0Vf6Ld1Rg';

describe('the verify-email page', () => {
  it('names the account and confirms it with its password, then drops the banner', async () => {
    let verified = false;
    const sent: unknown[] = [];
    const email = 'buyer@example.com';
    const fetchMock = fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: () => [200, aUser({ email, emailVerified: verified })],
      'POST /api/auth/verify-email/account': [200, { email, name: 'Rahim Uddin' }],
      'POST /api/auth/verify-email': (init) => {
        sent.push(JSON.parse(init.body as string));
        verified = true;
        return [200, { email, emailVerified: true }];
      },
    });
    renderApp(`/verify-email?token=${TOKEN}`);

    expect(await screen.findByText('Rahim Uddin')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/verify-email');
    await userEvent.type(screen.getByLabelText('Password of this account'), 'Dhaka#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my email' }));

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN, password: 'Dhaka#2026' }]);
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeInTheDocument();
  });

  it('says so under the field when the password is not the account’s', async () => {
    fakeServer({
      'POST /api/auth/verify-email/account': [200, { email: 'owner@example.com', name: null }],
      'POST /api/auth/verify-email': [
        422,
        {
          error: 'validation_failed',
          message: 'Please correct the highlighted fields.',
          fields: { password: 'This is not the password of this account.' },
        },
      ],
    });
    renderApp(`/verify-email?token=${TOKEN}`);

    await userEvent.type(await screen.findByLabelText('Password of this account'), 'Guess#1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByText('This is not the password of this account.')).toBeInTheDocument();
    expect(screen.queryByText('Your email address is confirmed.')).not.toBeInTheDocument();
  });

  it('lets the owner of the address choose a new password instead', async () => {
    const sent: unknown[] = [];
    fakeServer({
      'POST /api/auth/verify-email/account': [200, { email: 'owner@example.com', name: 'Squatter' }],
      'POST /api/auth/verify-email': (init) => {
        sent.push(JSON.parse(init.body as string));
        return [200, { email: 'owner@example.com', emailVerified: true }];
      },
    });
    renderApp(`/verify-email?token=${TOKEN}`);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Not your account, or forgot its password? Choose a new password' }),
    );
    await userEvent.type(screen.getByLabelText('New password'), 'weak');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and confirm' }));
    expect(await screen.findByText('Password must be 6 characters or more')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Mine#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and confirm' }));
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN, newPassword: 'Mine#2026' }]);
  });

  it('on a spent link offers a signed-in, unconfirmed user a new one', async () => {
    const email = 'buyer@example.com';
    const fetchMock = fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: [200, aUser({ email, emailVerified: false })],
      'POST /api/auth/verify-email/account': [400, { error: 'bad_request', message: GONE }],
      'POST /api/auth/resend-verification': [202, { message: 'on its way' }],
    });
    renderApp('/verify-email?token=Bq3l0bTi2y6sP1a9Zt7bWq8c4Hn5Jm2Kx0Vf6Ld1Rg');

    expect(await screen.findByText(GONE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(`We sent a new link to ${email}.`)).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('POST /api/auth/resend-verification');
  });
});
