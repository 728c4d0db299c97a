// `POST /api/auth/verify-email/account` names the account a verification link would
// confirm, without using the link; `POST /api/auth/verify-email` proves the address,
// once the person who opened the link shows the account is theirs: its password, or a
// new one that signs everyone else out.
import { api } from '@/lib/api-client.ts';
import type { AccountToVerify, EmailVerified } from '@/lib/api/types.ts';

export function accountToVerify(token: string): Promise<AccountToVerify> {
  return api<AccountToVerify>('/auth/verify-email/account', { method: 'POST', json: { token }, token: null });
}

/** How the person shows the account is theirs. */
export type AccountProof = { password: string } | { newPassword: string };

export function verifyEmail(token: string, proof: AccountProof): Promise<EmailVerified> {
  return api<EmailVerified>('/auth/verify-email', { method: 'POST', json: { token, ...proof }, token: null });
}
