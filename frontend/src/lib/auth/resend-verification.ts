// `POST /api/auth/resend-verification`: mails a new link that proves the address.
import { api } from '../api-client.ts';
import type { Accepted } from '../api/types.ts';

export function resendVerification(email: string): Promise<Accepted> {
  return api<Accepted>('/auth/resend-verification', { method: 'POST', json: { email }, token: null });
}
