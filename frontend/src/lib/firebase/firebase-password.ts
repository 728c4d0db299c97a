// E-mail and password through Firebase, for sites where Firebase signs people in: the
// same steps as the built-in provider (docs/identity.md), with Firebase's ID token as
// the identity token and Firebase's own mails for verification and reset.
import { api } from '@/lib/api-client.ts';
import { loadFirebaseAuth, readableError, UNKNOWN_CREDENTIALS, firebaseCode, type FirebaseConfig } from './firebase-auth.ts';

/** Where Firebase's mails send people back to when they used Firebase's own action page. */
function continueTo(path: string) {
  return { url: `${window.location.origin}${path}` };
}

/**
 * Signs in with Firebase; answers its ID token, or null when Firebase knows no such
 * e-mail and password (an account of the built-in provider may still).
 */
export async function firebaseLogIn(config: FirebaseConfig, email: string, password: string): Promise<string | null> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  try {
    const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
    return await user.getIdToken();
  } catch (error) {
    if (UNKNOWN_CREDENTIALS.has(firebaseCode(error) ?? '')) return null;
    throw readableError(error);
  }
}

/**
 * Creates the Firebase account and sends Firebase's verification mail; answers the ID
 * token. A sign-up cut off after Firebase made the account (the photo upload failed,
 * the tab closed) is finished by trying again with the same password.
 */
export async function firebaseSignUp(config: FirebaseConfig, email: string, password: string): Promise<string> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  let user;
  try {
    ({ user } = await sdk.createUserWithEmailAndPassword(auth, email, password));
  } catch (error) {
    if (firebaseCode(error) !== 'auth/email-already-in-use') throw readableError(error);
    try {
      ({ user } = await sdk.signInWithEmailAndPassword(auth, email, password));
    } catch {
      throw readableError(error); // someone else's account: say it exists
    }
  }
  if (!user.emailVerified) {
    // Not fatal: the banner offers to send it again.
    await sdk.sendEmailVerification(user, continueTo('/verify-email')).catch(() => undefined);
  }
  return user.getIdToken();
}

/**
 * Sends Firebase's verification mail again to the Firebase user signed in in this
 * browser as `email`; false when there is none (a built-in account, or another device).
 */
export async function firebaseResendVerification(config: FirebaseConfig, email: string): Promise<boolean> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  const user = auth.currentUser;
  if (!user || user.email?.toLowerCase() !== email.toLowerCase()) return false;
  try {
    await sdk.sendEmailVerification(user, continueTo('/verify-email'));
  } catch (error) {
    throw readableError(error);
  }
  return true;
}

/**
 * Applies the code from Firebase's verification mail. When that user is signed in in
 * this browser, answers a fresh ID token that says so (the server then marks the
 * address proven at once); else null (it will at their next sign-in).
 */
export async function firebaseVerifyEmail(
  config: FirebaseConfig,
  code: string,
): Promise<{ idToken: string; email: string } | null> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  try {
    await sdk.applyActionCode(auth, code);
    const user = auth.currentUser;
    if (!user?.email) return null;
    await user.reload();
    return user.emailVerified ? { idToken: await user.getIdToken(true), email: user.email } : null;
  } catch (error) {
    throw readableError(error);
  }
}

/** Sends Firebase's password-reset mail. Unknown addresses get the same answer. */
export async function firebaseForgotPassword(config: FirebaseConfig, email: string): Promise<void> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  try {
    await sdk.sendPasswordResetEmail(auth, email, continueTo('/login'));
  } catch (error) {
    if (firebaseCode(error) === 'auth/user-not-found') return;
    throw readableError(error);
  }
}

/** The address a reset code is for; throws when the code is no longer valid. */
export async function firebaseResetEmail(config: FirebaseConfig, code: string): Promise<string> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  try {
    return await sdk.verifyPasswordResetCode(auth, code);
  } catch (error) {
    throw readableError(error);
  }
}

/**
 * Sets the new password with the code from Firebase's reset mail, then, signed in with
 * it, ends every BikeHaat session of the account: whoever knew the old password is out.
 */
export async function firebaseResetPassword(config: FirebaseConfig, code: string, password: string): Promise<string> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  try {
    const email = await sdk.verifyPasswordResetCode(auth, code);
    await sdk.confirmPasswordReset(auth, code, password);
    const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
    await api<unknown>('/auth/logout-everywhere', { method: 'POST', token: await user.getIdToken() });
    await sdk.signOut(auth);
    return email;
  } catch (error) {
    throw readableError(error);
  }
}

/** Forgets the Firebase user this browser remembers. */
export async function firebaseSignOut(config: FirebaseConfig): Promise<void> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  await sdk.signOut(auth);
}
