// `POST /api/auth/forgot-password`: mails a link to choose a new password. The answer is
// the same whether or not the address has an account.
import { api } from '@/lib/api-client.ts';
import type { Accepted } from '@/lib/api/types.ts';

export function forgotPassword(email: string): Promise<Accepted> {
  return api<Accepted>('/auth/forgot-password', { method: 'POST', json: { email }, token: null });
}
