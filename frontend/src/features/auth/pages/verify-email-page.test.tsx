import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const GONE = 'This link is no longer valid: it has expired or was already used. Ask for a new one.';

describe('the verify-email page', () => {
  it('confirms the address with one request and drops the banner', async () => {
    let verified = false;
    const email = 'buyer@example.com';
    const fetchMock = fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: () => [200, aUser({ email, emailVerified: verified })],
      'POST /api/auth/verify-email': () => {
        verified = true;
        return [200, { email, emailVerified: true }];
      },
    });
    renderApp('/verify-email?token=Aq3l0bTi2y6sP1a9Zt7bWq8c4Hn5Jm2Kx0Vf6Ld1Rg');

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call === 'POST /api/auth/verify-email')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeInTheDocument();
  });

  it('on a spent link offers a signed-in, unconfirmed user a new one', async () => {
    const email = 'buyer@example.com';
    const fetchMock = fakeServer({
      ...signedInAs('buyer'),
      [`GET /api/users/${encodeURIComponent(email)}`]: [200, aUser({ email, emailVerified: false })],
      'POST /api/auth/verify-email': [400, { error: 'bad_request', message: GONE }],
      'POST /api/auth/resend-verification': [202, { message: 'on its way' }],
    });
    renderApp('/verify-email?token=Bq3l0bTi2y6sP1a9Zt7bWq8c4Hn5Jm2Kx0Vf6Ld1Rg');

    expect(await screen.findByText(GONE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(`We sent a new link to ${email}.`)).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('POST /api/auth/resend-verification');
  });
});
