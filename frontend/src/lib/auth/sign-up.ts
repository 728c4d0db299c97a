// `POST /api/auth/signup`: creates the sign-in account (step 1 of signing in, docs/identity.md).
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
