// A new link that proves the address: Firebase's verification mail for the Firebase user
// signed in in this browser, else `POST /api/auth/resend-verification` (the built-in
// provider's mail; it answers the same whether or not it sent one).
import { api } from '@/lib/api-client.ts';
import type { Accepted } from '@/lib/api/types.ts';
import type { FirebaseConfig } from '@/lib/config/get-config.ts';
import { firebaseResendVerification } from '@/lib/firebase/firebase-password.ts';

export async function resendVerification(email: string, firebase: FirebaseConfig | null): Promise<void> {
  if (firebase && (await firebaseResendVerification(firebase, email))) return;
  await api<Accepted>('/auth/resend-verification', { method: 'POST', json: { email }, token: null });
}
