// The Firebase Web SDK for sites that sign people in with Firebase (`GET /api/config`
// names the project). Its client is large, so it is loaded on first use — a click on
// Login, Sign Up or Google — never with the pages, and only once per page load.
import type { Auth } from 'firebase/auth';
import type { FirebaseConfig } from '@/lib/config/get-config.ts';

export type { FirebaseConfig };
export type AuthSdk = typeof import('firebase/auth');

export interface FirebaseAuth {
  sdk: AuthSdk;
  auth: Auth;
}

let loaded: { key: string; auth: Promise<FirebaseAuth> } | null = null;

export function loadFirebaseAuth(config: FirebaseConfig): Promise<FirebaseAuth> {
  const key = JSON.stringify(config);
  if (loaded?.key !== key) {
    const auth = load(config).catch((error: unknown) => {
      loaded = null; // a lost connection should not break every later try
      throw new Error('Sign-in could not be loaded. Check your connection and try again.', { cause: error });
    });
    loaded = { key, auth };
  }
  return loaded.auth;
}

async function load(config: FirebaseConfig): Promise<FirebaseAuth> {
  const [{ initializeApp, getApp, getApps }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const options = { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId };
  const app = getApps().length > 0 ? getApp() : initializeApp(options);
  const auth = sdk.getAuth(app);
  if (config.emulatorHost && !auth.emulatorConfig) {
    sdk.connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true });
  }
  // The user Firebase remembers in this browser (needed to resend its verification mail).
  await auth.authStateReady();
  return { sdk, auth };
}

/** A Firebase error's code ("auth/…"), or null for any other error. */
export function firebaseCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : null;
}

/** Codes that mean "no account with this e-mail and password" (with or without enumeration protection). */
export const UNKNOWN_CREDENTIALS = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/user-not-found',
  'auth/wrong-password',
]);

export const LINK_NO_LONGER_VALID =
  'This link is no longer valid: it has expired or was already used. Ask for a new one.';

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  'auth/user-not-found': 'Incorrect email or password.',
  'auth/wrong-password': 'Incorrect email or password.',
  'auth/email-already-in-use': 'An account with this email address already exists.',
  'auth/invalid-email': 'Please give a valid email address.',
  'auth/missing-password': 'Please give your password',
  'auth/weak-password': 'Password must be 6 characters or more',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/expired-action-code': LINK_NO_LONGER_VALID,
  'auth/invalid-action-code': LINK_NO_LONGER_VALID,
  'auth/popup-blocked':
    'Your browser blocked the Google sign-in window. Please allow pop-ups for this site and try again.',
};

/**
 * An error people can read: Firebase's own messages ("Firebase: Error (auth/…).") mean
 * nothing to them. Errors that are not Firebase's pass through unchanged.
 */
export function readableError(error: unknown, what = 'Sign-in'): Error {
  const code = firebaseCode(error);
  if (!code) return error instanceof Error ? error : new Error(String(error));
  return new Error(MESSAGES[code] ?? `${what} failed (${code}). Please try again.`, { cause: error });
}
