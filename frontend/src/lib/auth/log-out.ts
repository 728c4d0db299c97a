// `POST /api/auth/logout`: ends the session the access token belongs to, so the token
// stops working on the server too, not only in this browser.
import { api } from '@/lib/api-client.ts';

/** Ends the session of `token`. An already-ended session or no network is not an error here. */
export async function logOut(token: string): Promise<void> {
  try {
    await api<unknown>('/auth/logout', { method: 'POST', token });
  } catch {
    // Signing out locally still happens; the session expires on its own.
  }
}
