// The phone check on the dashboard (docs/trust.md, "Phones confirmed by a code"): the number
// and "Send code", the code from the SMS and "Confirm", a wrong or expired code, the wait
// before a new one, another number, and the confirmed phone every page then reads.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer, type Reply } from '@/test/render-app.tsx';

const ME = 'GET /api/users/buyer%40example.com';
const SEND = 'POST /api/phone';
const CONFIRM = 'POST /api/phone/confirm';

/** What the server answers a code sent to the Grameenphone number of these tests. */
const sentTo = (resendAfter = 60): Reply => [
  202,
  { phone: '+8801712345678', expiresAt: '2099-01-01T00:10:00Z', resendAfter },
];
const confirmed: Reply = [200, { phone: '+8801712345678', phoneVerified: true }];
const wrongCode = (left: number): Reply => [
  422,
  {
    error: 'validation',
    message: `That code is not right: ${String(left)} tries left.`,
    fields: { code: `That code is not right: ${String(left)} tries left.` },
    codes: { code: 'wrong_code' },
  },
];
const expired: Reply = [
  409,
  { error: 'conflict', message: 'This code has expired. Please ask for a new one.', reason: 'code_expired' },
];

/** The bodies the page sent with `call`, parsed. */
function bodiesOf(fetchMock: ReturnType<typeof fakeServer>, call: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === call)
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);
}

/** The buyer's dashboard, with the fake server's answers to the phone calls. */
async function openDashboard(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('buyer'), ...server });
  const view = renderApp('/dashboard');
  const panel = await screen.findByRole('region', { name: 'Your phone' });
  return { fetchMock, panel, ...view };
}

/** Types the number and presses Send code. */
async function sendCodeTo(number = '01712 345678') {
  await userEvent.type(screen.getByLabelText('Mobile number'), number);
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

async function enterCode(code: string) {
  const field = await screen.findByLabelText('Code from the SMS');
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('The phone check', { timeout: 20_000 }, () => {
  it('asks for the mobile number with a phone keypad, and says a code comes by SMS', async () => {
    const { panel } = await openDashboard();
    const c = within(panel);
    expect(c.getByText('Confirm your mobile number by SMS: buyers see “Phone verified” on the bikes you list.')).toBeInTheDocument();
    const number = c.getByLabelText('Mobile number');
    expect(number).toHaveAttribute('type', 'tel');
    expect(number).toHaveAttribute('inputmode', 'tel');
    expect(number).toHaveAttribute('autocomplete', 'tel');
    expect(number).toHaveAccessibleDescription('We send a 6-digit code by SMS');
    expect(c.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('sends the code to the number as the server keeps it, then asks for the code from the SMS', async () => {
    const { fetchMock, panel } = await openDashboard({ [SEND]: sentTo() });
    await sendCodeTo('০১৭১২-৩৪৫৬৭৮');

    expect(await within(panel).findByText('We sent a code to 01712-345678')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, SEND)).toEqual([{ phone: '+8801712345678' }]);
    const code = screen.getByLabelText('Code from the SMS');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');
    // The keyboard opens on it: the phone offers the code the SMS brought.
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Change number' })).toBeEnabled();
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
  });

  it('says what is wrong with a number that is not a Bangladeshi mobile one, and sends nothing', async () => {
    const { fetchMock } = await openDashboard({ [SEND]: sentTo() });
    await sendCodeTo('02712345678');
    expect(await screen.findByText('Please enter a Bangladeshi mobile number, like 01712-345678')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      'Please enter a Bangladeshi mobile number, like 01712-345678 We send a 6-digit code by SMS',
    );
    expect(callsOf(fetchMock)).not.toContain(SEND);
  });

  it("shows the server's refusal of the number at the field, and a refusal for a reason above the button", async () => {
    let answer: Reply = [
      422,
      {
        error: 'validation',
        message: 'Please enter a Bangladeshi mobile number, like 01712-345678',
        fields: { phone: 'Please enter a Bangladeshi mobile number, like 01712-345678' },
        codes: { phone: 'invalid_phone' },
      },
    ];
    await openDashboard({ [SEND]: () => answer });
    await sendCodeTo();
    expect(await screen.findByText('Please enter a Bangladeshi mobile number, like 01712-345678')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');

    answer = [409, { error: 'conflict', message: 'This number is confirmed on another account.', reason: 'phone_taken' }];
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This number is confirmed on another account.');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('01712 345678');

    answer = [
      429,
      {
        error: 'too_many_requests',
        message: 'We have sent several codes to this number just now. Please wait 40 seconds and try again.',
        reason: 'many_codes_to_number',
        retryAfter: 40,
      },
    ];
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/^We have sent several codes to this number just now\./)).toHaveAttribute('role', 'alert');
  });

  it('shows a wrong code at the code field with the tries left', async () => {
    const { fetchMock } = await openDashboard({ [SEND]: sentTo(), [CONFIRM]: wrongCode(4) });
    await sendCodeTo();
    await enterCode('111111');

    const code = screen.getByLabelText('Code from the SMS');
    expect(await screen.findByText('That code is not right: 4 tries left.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('That code is not right: 4 tries left.');
    expect(code).toHaveFocus();
    expect(bodiesOf(fetchMock, CONFIRM)).toEqual([{ code: '111111' }]);
  });

  it('after the last wrong try says so and asks for a new code, the code field gone', async () => {
    await openDashboard({
      [SEND]: sentTo(0),
      [CONFIRM]: [
        422,
        {
          error: 'validation',
          message: 'That code is not right, and that was the last try: please ask for a new code.',
          fields: { code: 'That code is not right, and that was the last try: please ask for a new code.' },
          codes: { code: 'wrong_code_last_try' },
        },
      ],
    });
    await sendCodeTo();
    await enterCode('999999');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right, and that was the last try: please ask for a new code.',
    );
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('asks for the six digits before sending, and reads Bengali digits as the code', async () => {
    const { fetchMock } = await openDashboard({ [SEND]: sentTo(), [CONFIRM]: confirmed });
    await sendCodeTo();
    await enterCode('123');
    expect(await screen.findByText('Enter the 6-digit code from the SMS')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain(CONFIRM);

    await enterCode('৪২৯১৭০');
    expect(await screen.findByText('Phone verified')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, CONFIRM)).toEqual([{ code: '429170' }]);
  });

  it('says an expired code has expired and asks for a new one, which it then sends', async () => {
    let sends = 0;
    const { fetchMock } = await openDashboard({
      [SEND]: () => {
        sends += 1;
        return sentTo(sends === 1 ? 0 : 60);
      },
      [CONFIRM]: expired,
    });
    await sendCodeTo();
    await enterCode('123456');

    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired. Please ask for a new one.');
    // Only a new code helps now: no code to type, no Confirm.
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText('We sent a new code to 01712-345678')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, SEND)).toEqual([{ phone: '+8801712345678' }, { phone: '+8801712345678' }]);
    expect(screen.getByLabelText('Code from the SMS')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code (1:00)' })).toBeDisabled();
  });

  it('keeps Send a new code disabled, counting down, until the wait the server gave has passed', async () => {
    await openDashboard({ [SEND]: sentTo(60) });
    await sendCodeTo();
    const resend = await screen.findByRole('button', { name: /^Send a new code/ });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(/^Send a new code \((1:00|0:59)\)$/);
    await waitFor(() => {
      expect(resend).toHaveTextContent(/^Send a new code \(0:5\d\)$/);
    });
    expect(resend).toBeDisabled();
  });

  it('offers a new code once the wait is over, and waits again when the server says to', async () => {
    let answer = sentTo(1);
    const { fetchMock } = await openDashboard({ [SEND]: () => answer });
    await sendCodeTo();
    const resend = await screen.findByRole('button', { name: /^Send a new code/ });
    expect(resend).toBeDisabled();
    await waitFor(() => {
      expect(resend).toBeEnabled();
    });
    expect(resend).toHaveAccessibleName('Send a new code');

    answer = [
      429,
      {
        error: 'too_many_requests',
        message: 'We have sent several codes to this number just now. Please wait 2 minutes and try again.',
        reason: 'many_codes_to_number',
        retryAfter: 120,
      },
    ];
    await userEvent.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^We have sent several codes to this number just now\./);
    expect(screen.getByRole('button', { name: /^Send a new code/ })).toHaveTextContent(/\((2:00|1:59)\)$/);
    expect(screen.getByRole('button', { name: /^Send a new code/ })).toBeDisabled();
    expect(callsOf(fetchMock).filter((call) => call === SEND)).toHaveLength(2);
  });

  it('goes back to the number, as typed, on Change number', async () => {
    await openDashboard({ [SEND]: sentTo() });
    await sendCodeTo();
    await userEvent.click(await screen.findByRole('button', { name: 'Change number' }));
    const number = screen.getByLabelText('Mobile number');
    expect(number).toHaveValue('01712 345678');
    expect(number).toHaveFocus();
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
  });

  it('says Phone verified with the number, and reads the account again so every page sees it', async () => {
    let confirmedYet = false;
    const account = signedInAs('buyer')[ME] as Reply;
    const { fetchMock, panel, queryClient } = await openDashboard({
      [ME]: () => (confirmedYet ? [200, { ...(account[1] as object), phone: '+8801712345678', phoneVerified: true }] : account),
      [SEND]: sentTo(),
      [CONFIRM]: () => {
        confirmedYet = true;
        return confirmed;
      },
    });
    const reads = () => callsOf(fetchMock).filter((call) => call === ME).length;
    const readBefore = reads();
    await sendCodeTo();
    await enterCode('123456');

    const done = await within(panel).findByRole('status');
    expect(done).toHaveTextContent('Phone verified');
    expect(done).toHaveTextContent('01712-345678');
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(reads()).toBeGreaterThan(readBefore);
    });
    expect(queryClient.getQueryData(['users', 'buyer@example.com'])).toMatchObject({
      phone: '+8801712345678',
      phoneVerified: true,
    });
  });

  it('shows a phone confirmed before as verified, and lets the person confirm another', async () => {
    fakeServer({ ...signedInAs('seller', { phone: '+8801812345678' }), [SEND]: sentTo() });
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Your phone' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Phone verified01812-345678');
    expect(within(panel).queryByLabelText('Mobile number')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Use another number' }));
    expect(within(panel).getByLabelText('Mobile number')).toHaveValue('');
    expect(within(panel).getByLabelText('Mobile number')).toHaveFocus();
  });

  it('is not offered before the address is proven, nor to an admin', async () => {
    fakeServer(signedInAs('buyer', { emailVerified: false }));
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Test buyer' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your phone' })).not.toBeInTheDocument();
    unmount();

    fakeServer(signedInAs('admin'));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Test admin' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your phone' })).not.toBeInTheDocument();
  });
});
