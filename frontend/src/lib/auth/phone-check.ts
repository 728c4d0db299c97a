// A phone confirmed by an SMS code (docs/trust.md, "Phones confirmed by a code"):
// `POST /api/phone` {phone} sends a six-digit code to the number (202, with when another
// may be asked for), `POST /api/phone/confirm` {code} confirms it. Both need a signed-in
// person whose address is proven. Once confirmed, the account's view (`GET
// /api/users/{email}`, the session's profile) carries the number and `phoneVerified`: it
// is patched at once and read again, so every page sees it.
import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { components } from '@/lib/api/schema.d.ts';
import type { User } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';

type PhoneInput = components['schemas']['PhoneInput'];
type CodeInput = components['schemas']['CodeInput'];
/** The code went: to `phone` (as `+8801XXXXXXXXX`), good until `expiresAt`; another after `resendAfter` seconds. */
export type PhoneCodeSent = components['schemas']['CodeSent'];
export type PhoneConfirmed = components['schemas']['PhoneConfirmed'];

export function sendPhoneCode(phone: string): Promise<PhoneCodeSent> {
  const body: PhoneInput = { phone };
  return api<PhoneCodeSent>('/phone', { method: 'POST', json: body });
}

export function confirmPhone(code: string): Promise<PhoneConfirmed> {
  const body: CodeInput = { code };
  return api<PhoneConfirmed>('/phone/confirm', { method: 'POST', json: body });
}

export function sendPhoneCodeMutation() {
  return mutationOptions<PhoneCodeSent, Error, string>({ mutationFn: sendPhoneCode });
}

/** Confirms the code; the account of `email` shows the number as confirmed at once. */
export function confirmPhoneMutation(email: string) {
  return mutationOptions<PhoneConfirmed, Error, string>({
    mutationFn: confirmPhone,
    onSuccess: (confirmed, _code, _result, { client }) => {
      const key = queryKeys.user(email);
      client.setQueryData<User>(key, (user) => user && { ...user, phone: confirmed.phone, phoneVerified: true });
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
