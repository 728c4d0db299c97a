import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';
import { apiErrorMessages, throttledMessages } from './api/api-errors.messages.ts';
import { translate } from './i18n/catalog.ts';
import { noteLocale } from './i18n/locale.ts';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
      ),
    ),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await api('/categories', { token: null });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('api errors', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives a server failure the request id as a reference', async () => {
    answer(
      500,
      { error: 'internal', message: 'Something went wrong on our side. Please try again.' },
      { 'x-request-id': '6822b04cb9190a90' },
    );
    const error = await failure();
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Something went wrong on our side. Please try again. Reference: 6822b04cb9190a90');
  });

  it("keeps the server's words as they are for the user's own mistakes", async () => {
    answer(
      422,
      { error: 'validation', message: 'Please fix the marked fields.', fields: { price: 'Price is required' } },
      { 'x-request-id': '6822b04cb9190a90' },
    );
    const error = await failure();
    expect(error.message).toBe('Please fix the marked fields.');
    expect(error.fields).toEqual({ price: 'Price is required' });
  });
});

describe('api errors on a Bangla page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    noteLocale('en');
  });

  const refused = {
    error: 'validation',
    message: 'Please enter a valid phone number',
    fields: { sellerPhone: 'Please enter a valid phone number' },
    codes: { sellerPhone: 'invalid_phone' },
  };

  it("says each field's problem in Bangla by its code, and the message with it", async () => {
    noteLocale('bn');
    answer(422, refused);
    const error = await failure();
    expect(error.fields).toEqual({ sellerPhone: 'সঠিক ফোন নম্বর লিখুন' });
    expect(error.message).toBe('সঠিক ফোন নম্বর লিখুন');
    expect(error.codes).toEqual({ sellerPhone: 'invalid_phone' });
  });

  it('keeps the English for a code this page does not know yet, and says several fields need attention', async () => {
    noteLocale('bn');
    answer(422, {
      error: 'validation',
      message: 'Some fields need your attention.',
      fields: { color: 'Please keep this under 40 characters', mood: 'A problem of a newer server' },
      codes: { color: 'too_long', mood: 'a_code_from_the_future' },
    });
    const error = await failure();
    expect(error.fields).toEqual({ color: 'লেখাটা একটু ছোট করুন', mood: 'A problem of a newer server' });
    expect(error.message).toBe('কয়েকটা ঘর ঠিক করতে হবে।');
  });

  it("shows the server's English on an English page", async () => {
    answer(422, refused);
    const error = await failure();
    expect(error.fields).toEqual({ sellerPhone: 'Please enter a valid phone number' });
    expect(error.message).toBe('Please enter a valid phone number');
  });

  it('says a refusal in Bangla by its reason, and keeps the English for a reason it does not know yet', async () => {
    noteLocale('bn');
    answer(409, { error: 'conflict', message: 'This bike has already been sold.', reason: 'already_sold' });
    const sold = await failure();
    expect(sold.status).toBe(409);
    expect(sold.reason).toBe('already_sold');
    expect(sold.message).toBe('এই বাইকটা আগেই বিক্রি হয়ে গেছে।');
    answer(404, { error: 'not_found', message: 'This bike is no longer listed.', reason: 'no_listing' });
    expect((await failure()).message).toBe('এই বাইকের বিজ্ঞাপন আর নেই।');
    answer(409, { error: 'conflict', message: 'A rule of a newer server.', reason: 'a_reason_from_the_future' });
    expect((await failure()).message).toBe('A rule of a newer server.');
    // A reason is a plain own key: nothing inherited passes for one.
    answer(409, { error: 'conflict', message: 'Refused.', reason: 'toString' });
    expect((await failure()).message).toBe('Refused.');
  });

  it('says a refusal at the door in Bangla: the wrong role, a wrong password', async () => {
    noteLocale('bn');
    answer(403, { error: 'forbidden', message: 'Only an admin can do this.', reason: 'admins_only' });
    expect((await failure()).message).toBe('এটা শুধু অ্যাডমিন করতে পারেন।');
    answer(401, { error: 'unauthorized', message: 'Incorrect email or password.', reason: 'wrong_password' });
    expect((await failure()).message).toBe('ইমেইল বা পাসওয়ার্ড ঠিক নয়।');
  });

  it('says a throttle in Bangla with how long to wait, in seconds and then minutes', async () => {
    noteLocale('bn');
    const throttled = (retryAfter: number) => ({
      error: 'too_many_requests',
      message: 'Too many wrong passwords for this email. Please wait a while and try again.',
      reason: 'many_wrong_passwords',
      retryAfter,
    });
    answer(429, throttled(40), { 'Retry-After': '40' });
    expect((await failure()).message).toBe('এই ইমেইলে অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। ৪০ সেকেন্ড পরে আবার চেষ্টা করুন।');
    answer(429, throttled(600), { 'Retry-After': '600' });
    expect((await failure()).message).toBe('এই ইমেইলে অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। ১০ মিনিট পরে আবার চেষ্টা করুন।');
    // Without the wait the server's own sentence is all there is.
    answer(429, { ...throttled(0), retryAfter: undefined });
    expect((await failure()).message).toBe(throttled(0).message);
  });

  it("words a throttle's English as the server does", () => {
    // The same sentence the server sends (backend auth/throttle.rs), so the two catalogs say one thing.
    const what = translate(throttledMessages, 'en', 'many_sign_ins_to_account');
    expect(translate(apiErrorMessages, 'en', 'waitMinutes', { what, minutes: 2 })).toBe(
      'Too many sign-ins to this account. Please wait 2 minutes and try again.',
    );
    expect(translate(apiErrorMessages, 'en', 'waitSeconds', { what, seconds: 1 })).toBe(
      'Too many sign-ins to this account. Please wait 1 second and try again.',
    );
  });

  it("shows the server's English refusal on an English page", async () => {
    answer(409, { error: 'conflict', message: 'This bike has already been sold.', reason: 'already_sold' });
    expect((await failure()).message).toBe('This bike has already been sold.');
  });

  it('says in Bangla that the marketplace could not be reached', async () => {
    noteLocale('bn');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure();
    expect(error.status).toBe(0);
    expect(error.message).toBe('BikeHaat-এ পৌঁছানো যাচ্ছে না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।');
  });
});

describe('a write that must happen once', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is sent again with the same key until it is answered, then a new one gets a new key', async () => {
    const keys: (string | null)[] = [];
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response(JSON.stringify({ error: 'service_unavailable', message: 'Try again.' }), { status: 503 })),
      () => Promise.resolve(new Response(JSON.stringify({ insertedId: '7' }), { status: 201 })),
      () => Promise.resolve(new Response(JSON.stringify({ insertedId: '8' }), { status: 201 })),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_input, init) => {
        keys.push(new Headers(init?.headers).get('Idempotency-Key'));
        const next = answers.shift();
        if (!next) throw new Error('no more answers');
        return next();
      }),
    );
    const book = () => api('/orders', { method: 'POST', json: { bookingId: '3' }, once: true, token: null });
    await expect(book()).rejects.toBeInstanceOf(ApiError);
    await expect(book()).rejects.toBeInstanceOf(ApiError);
    await expect(book()).resolves.toEqual({ insertedId: '7' });
    await expect(book()).resolves.toEqual({ insertedId: '8' });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('carries no key when it may be repeated', async () => {
    answer(200, []);
    await api('/categories', { token: null });
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeNull();
  });
});
