// The phone check read in Bangla: its words, the number and the wait in Bengali digits, a
// wrong code with the tries left, and the server's refusals in Bangla; English stays the
// default.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp, signedInAs, type FakeServer, type Reply } from '@/test/render-app.tsx';

const sentTo: Reply = [202, { phone: '+8801712345678', expiresAt: '2099-01-01T00:10:00Z', resendAfter: 60 }];
const wrongCode = (left: number): Reply => [
  422,
  {
    error: 'validation',
    message: `That code is not right: ${String(left)} tries left.`,
    fields: { code: `That code is not right: ${String(left)} tries left.` },
    codes: { code: 'wrong_code' },
  },
];

async function openInBangla(server: FakeServer = {}) {
  localStorage.setItem('language', 'bn');
  fakeServer({ ...signedInAs('buyer'), ...server });
  renderApp('/dashboard');
  return screen.findByRole('region', { name: 'আপনার ফোন' });
}

async function sendCode() {
  await userEvent.type(screen.getByLabelText('মোবাইল নম্বর'), '০১৭১২৩৪৫৬৭৮');
  await userEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
}

async function enterCode(code: string) {
  const field = await screen.findByLabelText('এসএমএসের কোড');
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: 'নিশ্চিত করুন' }));
}

describe('The phone check in Bangla', { timeout: 20_000 }, () => {
  it('asks for the number and the code in Bangla, with the number and the wait in Bengali digits', async () => {
    const panel = await openInBangla({ 'POST /api/phone': sentTo });
    expect(panel).toHaveTextContent(
      'এসএমএসে আসা কোড দিয়ে মোবাইল নম্বর যাচাই করুন: আপনার বাইকের বিজ্ঞাপনে ক্রেতারা দেখবেন “ফোন যাচাই করা হয়েছে”।',
    );
    const number = screen.getByLabelText('মোবাইল নম্বর');
    expect(number).toHaveAccessibleDescription('আমরা এসএমএসে ৬ অঙ্কের একটা কোড পাঠাব');
    expect(number).toHaveAttribute('placeholder', '০১XXX-XXXXXX');
    await sendCode();

    expect(await within(panel).findByText('০১৭১২-৩৪৫৬৭৮ নম্বরে একটা কোড পাঠিয়েছি')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'নম্বর বদলান' })).toBeInTheDocument();
    const resend = within(panel).getByRole('button', { name: /^নতুন কোড পাঠান/ });
    expect(resend).toHaveTextContent(/^নতুন কোড পাঠান \((১:০০|০:৫৯)\)$/);
    expect(resend).toBeDisabled();
  });

  it("says the server's refusal of the number and of the code's shape in this check's Bangla", async () => {
    await openInBangla({
      'POST /api/phone': [
        422,
        {
          error: 'validation',
          message: 'Please enter a Bangladeshi mobile number, like 01712-345678',
          fields: { phone: 'Please enter a Bangladeshi mobile number, like 01712-345678' },
          codes: { phone: 'invalid_phone' },
        },
      ],
    });
    await sendCode();
    expect(await screen.findByText('বাংলাদেশের একটা মোবাইল নম্বর লিখুন, যেমন ০১৭১২-৩৪৫৬৭৮')).toBeInTheDocument();
  });

  it('says a code that is not six digits is wrong, as the server does, in Bangla', async () => {
    await openInBangla({
      'POST /api/phone': sentTo,
      'POST /api/phone/confirm': [
        422,
        {
          error: 'validation',
          message: 'Enter the 6-digit code from the SMS',
          fields: { code: 'Enter the 6-digit code from the SMS' },
          codes: { code: 'code_shape' },
        },
      ],
    });
    await sendCode();
    // Six characters the page reads as digits, that the server does not.
    await enterCode('১২৩৪৫৬');
    expect(await screen.findByText('এসএমএসে আসা ৬ অঙ্কের কোডটা লিখুন')).toBeInTheDocument();
    expect(screen.queryByText('ক্রেতার ছয় অঙ্কের কোডটা লিখুন')).not.toBeInTheDocument();
  });

  it('says a number that is not a Bangladeshi mobile one is wrong, in Bangla', async () => {
    await openInBangla();
    await userEvent.type(screen.getByLabelText('মোবাইল নম্বর'), '১২৩৪৫');
    await userEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    expect(await screen.findByText('বাংলাদেশের একটা মোবাইল নম্বর লিখুন, যেমন ০১৭১২-৩৪৫৬৭৮')).toBeInTheDocument();
  });

  it('says a wrong code and the tries left at the code field, and the last try asks for a new code', async () => {
    let answer = wrongCode(4);
    await openInBangla({ 'POST /api/phone': sentTo, 'POST /api/phone/confirm': () => answer });
    await sendCode();
    await enterCode('১১১১১১');
    expect(await screen.findByText('কোডটা ঠিক নয়। আর ৪ বার চেষ্টা করতে পারবেন।')).toBeInTheDocument();
    expect(screen.getByLabelText('এসএমএসের কোড')).toHaveAccessibleDescription('কোডটা ঠিক নয়। আর ৪ বার চেষ্টা করতে পারবেন।');

    // The server words the last but one "one try left".
    answer = [
      422,
      {
        error: 'validation',
        message: 'That code is not right: one try left.',
        fields: { code: 'That code is not right: one try left.' },
        codes: { code: 'wrong_code' },
      },
    ];
    await enterCode('৩৩৩৩৩৩');
    expect(await screen.findByText('কোডটা ঠিক নয়। আর ১ বার চেষ্টা করতে পারবেন।')).toBeInTheDocument();

    answer = [
      422,
      {
        error: 'validation',
        message: 'That code is not right, and that was the last try: please ask for a new code.',
        fields: { code: 'That code is not right, and that was the last try: please ask for a new code.' },
        codes: { code: 'wrong_code_last_try' },
      },
    ];
    await enterCode('২২২২২২');
    expect(await screen.findByText('কোডটা ঠিক নয়, আর এটাই ছিল শেষ সুযোগ। নতুন একটা কোড চেয়ে নিন।')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'নিশ্চিত করুন' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^নতুন কোড পাঠান/ })).toBeInTheDocument();
  });

  it("says the server's refusals in Bangla: an expired code, a number taken, an SMS that did not go", async () => {
    let refusal: Reply = [
      409,
      { error: 'conflict', message: 'This number is confirmed on another account.', reason: 'phone_taken' },
    ];
    await openInBangla({
      'POST /api/phone': () => refusal,
      'POST /api/phone/confirm': [
        409,
        { error: 'conflict', message: 'This code has expired. Please ask for a new one.', reason: 'code_expired' },
      ],
    });
    await sendCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('এই নম্বরটা অন্য একটা অ্যাকাউন্টে যাচাই করা আছে।');

    refusal = [
      503,
      {
        error: 'sms_unavailable',
        message: 'We could not send the SMS just now. Please try again in a few minutes.',
        reason: 'sms_failed',
      },
    ];
    await userEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^এই মুহূর্তে এসএমএস পাঠানো যায়নি।/);

    refusal = sentTo;
    await userEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    await enterCode('১২৩৪৫৬');
    expect(await screen.findByRole('alert')).toHaveTextContent('কোডটার মেয়াদ শেষ হয়ে গেছে। নতুন একটা কোড চেয়ে নিন।');
  });

  it('says Phone verified in Bangla, with the number in Bengali digits', async () => {
    const panel = await openInBangla({
      'POST /api/phone': sentTo,
      'POST /api/phone/confirm': [200, { phone: '+8801712345678', phoneVerified: true }],
    });
    await sendCode();
    await enterCode('১২৩৪৫৬');
    const done = await within(panel).findByRole('status');
    expect(done).toHaveTextContent('ফোন যাচাই করা হয়েছে');
    expect(done).toHaveTextContent('০১৭১২-৩৪৫৬৭৮');
    expect(within(done).getByRole('button', { name: 'অন্য নম্বর দিন' })).toBeInTheDocument();
  });

  it('stays English by default', async () => {
    fakeServer(signedInAs('buyer'));
    renderApp('/dashboard');
    expect(await screen.findByRole('region', { name: 'Your phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });
});
