// A new link that proves the address: Firebase's verification mail for the Firebase user
// signed in in this browser, else `POST /api/auth/resend-verification` (the built-in
// provider's mail; it answers the same whether or not it sent one).
import { api } from '../api-client.ts';
import type { Accepted } from '../api/types.ts';
import type { FirebaseConfig } from '../config/get-config.ts';
import { firebaseResendVerification } from '../firebase/firebase-password.ts';

export async function resendVerification(email: string, firebase: FirebaseConfig | null): Promise<void> {
  if (firebase && (await firebaseResendVerification(firebase, email))) return;
  await api<Accepted>('/auth/resend-verification', { method: 'POST', json: { email }, token: null });
}
