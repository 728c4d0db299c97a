// `POST /api/auth/signup`: creates the sign-in account (step 1 of DESIGN.md's sign-in).
import { api } from '@/lib/api-client.ts';
import type { Credentials, IdentityToken } from '@/lib/api/types.ts';

/** Creates the e-mail/password account; answers an identity token. */
export async function signUp(credentials: Credentials): Promise<string> {
  const { idToken } = await api<IdentityToken>('/auth/signup', {
    method: 'POST',
    json: credentials,
    token: null,
  });
  return idToken;
}
