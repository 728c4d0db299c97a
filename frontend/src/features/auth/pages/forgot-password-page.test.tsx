import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, fakeServer, renderApp } from '@/test/render-app.tsx';

const SENT = 'If rahim@example.com has an account, a link to choose a new password is on its way.';

describe('the forgot-password page', () => {
  it('opens from the login page with the address typed so far', async () => {
    fakeServer({});
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'rahim@example.com');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot Your Password' }));

    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('rahim@example.com');
  });

  it('asks for the address, then shows what the server says in place of the form', async () => {
    const asked: unknown[] = [];
    const fetchMock = fakeServer({
      'POST /api/auth/forgot-password': (init) => {
        asked.push(JSON.parse(init.body as string));
        return [202, { message: SENT }];
      },
    });
    renderApp('/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email Address is required')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/forgot-password');

    await userEvent.type(screen.getByLabelText('Email'), ' rahim@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(asked).toEqual([{ email: 'rahim@example.com' }]);
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
  });

  it('shows a refusal for too many requests under the field', async () => {
    const wait = 'We have sent several mails to this address already. Please wait 58 minutes and try again.';
    fakeServer({ 'POST /api/auth/forgot-password': [429, { error: 'too_many_requests', message: wait }] });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'rahim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(wait)).toBeInTheDocument();
  });
});
