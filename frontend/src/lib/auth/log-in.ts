// `POST /api/auth/login`: step 1 of signing in with e-mail and password (docs/identity.md).
import { api } from '@/lib/api-client.ts';
import type { Credentials, IdentityToken } from '@/lib/api/types.ts';

/** Proves the e-mail and password; answers an identity token. */
export async function logIn(credentials: Credentials): Promise<string> {
  const { idToken } = await api<IdentityToken>('/auth/login', {
    method: 'POST',
    json: credentials,
    token: null,
  });
  return idToken;
}
