// `POST /api/auth/verify-email`: proves the address the link was mailed to. The token
// works once, so each token is sent once per page load, however often React mounts.
import { api } from '@/lib/api-client.ts';
import type { EmailVerified } from '@/lib/api/types.ts';

const sent = new Map<string, Promise<EmailVerified>>();

export function verifyEmail(token: string): Promise<EmailVerified> {
  let answer = sent.get(token);
  if (!answer) {
    answer = api<EmailVerified>('/auth/verify-email', { method: 'POST', json: { token }, token: null });
    sent.set(token, answer);
  }
  return answer;
}
