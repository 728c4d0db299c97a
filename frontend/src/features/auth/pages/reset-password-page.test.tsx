import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, fakeServer, renderApp } from '@/test/render-app.tsx';

const TOKEN = 'Tq3l0bTi2y6sP1a9Zt7bWq8c4Hn5Jm2Kx0Vf6Ld1Rg';
const GONE = 'This link is no longer valid: it has expired or was already used. Ask for a new one.';

describe('the reset-password page', () => {
  it('checks the password rules before sending anything', async () => {
    const fetchMock = fakeServer({});
    renderApp(`/reset-password?token=${TOKEN}`);
    const field = await screen.findByLabelText('New password');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Please Provide a Password')).toBeInTheDocument();
    await userEvent.type(field, 'abcdef12');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText('Capital & Small Letter, Number & Special Character is required'),
    ).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/reset-password');
  });

  it('saves the new password and sends the person to log in with it', async () => {
    const sent: unknown[] = [];
    fakeServer({
      'POST /api/auth/reset-password': (init) => {
        sent.push(JSON.parse(init.body as string));
        return [200, { email: 'rahim@example.com' }];
      },
    });
    const { router } = renderApp(`/reset-password?token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('New password'), 'Chattogram#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Your password is changed. Please log in.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('rahim@example.com');
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toEqual([{ token: TOKEN, password: 'Chattogram#2027' }]);
  });

  it('offers a new link when this one has expired or was used', async () => {
    fakeServer({ 'POST /api/auth/reset-password': [400, { error: 'bad_request', message: GONE }] });
    renderApp(`/reset-password?token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('New password'), 'Chattogram#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText(GONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows the server's password message under the field", async () => {
    const rule = 'Password must be at most 128 characters';
    fakeServer({
      'POST /api/auth/reset-password': [422, { error: 'validation', message: rule, fields: { password: rule } }],
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('New password'), 'Chattogram#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('without a token says the link is not valid', async () => {
    fakeServer({});
    renderApp('/reset-password');
    expect(await screen.findByText(GONE)).toBeInTheDocument();
  });
});
