// `POST /api/auth/reset-password`: sets a new password with the token from the mailed
// link; every session of the account ends.
import { api } from '@/lib/api-client.ts';
import type { PasswordReset } from '@/lib/api/types.ts';

export function resetPassword(token: string, password: string): Promise<PasswordReset> {
  return api<PasswordReset>('/auth/reset-password', { method: 'POST', json: { token, password }, token: null });
}
