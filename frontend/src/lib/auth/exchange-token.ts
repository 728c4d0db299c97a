// `PUT /api/users/{email}`: step 2 of signing in — the identity token becomes our
// access token, and a first sign-in creates the user with the chosen role.
import { api } from '@/lib/api-client.ts';
import type { Profile, Session } from '@/lib/api/types.ts';

export async function exchangeToken(idToken: string, email: string, profile: Profile): Promise<Session> {
  return api<Session>(`/users/${encodeURIComponent(email)}`, {
    method: 'PUT',
    json: profile,
    token: idToken,
  });
}
