// "Sign in with Google": offered when the server says Firebase is configured
// (`GET /api/config`), otherwise not shown at all — a button nobody can press is a dead
// end. Firebase's client is loaded on the click, never with the sign-in page.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { GoogleIcon } from '@/components/icons.tsx';
import { exchangeToken } from '@/lib/auth/exchange-token.ts';
import { keepSession } from '@/lib/auth/keep-session.ts';
import { returnPath } from '@/lib/auth/return-path.ts';
import { useConfig } from '@/lib/config/get-config.ts';
import { firebaseCode, loadFirebaseAuth, readableError, type FirebaseConfig } from '@/lib/firebase/firebase-auth.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';

/** The server keeps display names to 80 characters. */
const MAX_NAME_LENGTH = 80;

interface GoogleAccount {
  idToken: string;
  email: string;
  name: string;
  image: string;
}

/** Firebase error codes that mean the person closed or replaced the pop-up themselves. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

class SignInCancelled extends Error {}

/** The Google account has no address to sign in with. */
class NoEmail extends Error {}

/** Step 1 with Firebase: Google's pop-up, then the ID token. */
async function signInWithGoogle(config: FirebaseConfig): Promise<GoogleAccount> {
  const { sdk, auth } = await loadFirebaseAuth(config);
  try {
    const { user } = await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
    if (!user.email) throw new NoEmail('no email');
    return {
      idToken: await user.getIdToken(),
      email: user.email,
      name: (user.displayName ?? '').slice(0, MAX_NAME_LENGTH),
      image: user.photoURL ?? '',
    };
  } catch (error) {
    const code = firebaseCode(error);
    if (code && CANCELLED.has(code)) throw new SignInCancelled(code, { cause: error });
    throw readableError(error, 'Google sign-in');
  } finally {
    // Our access token is the session from here on; a Google sign-in leaves Firebase none.
    void sdk.signOut(auth).catch(() => undefined);
  }
}

function Divider() {
  const t = useT(authMessages);
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-stone-500">
      <span className="h-px flex-1 bg-stone-200" />
      {t('or')}
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}

const buttonClass =
  'flex w-full items-center justify-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-semibold text-stone-800 transition hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait';

export function GoogleSignIn() {
  const config = useConfig();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const t = useT(authMessages);

  const google = config.data?.signIn.firebase ?? null;
  // Until the server answers, and when it has no Google sign-in (or cannot say), the
  // form is e-mail and password alone.
  if (!google) return null;

  const onClick = async () => {
    setBusy(true);
    try {
      const account = await signInWithGoogle(google);
      // Google sign-in always makes a buyer, named and pictured as on Google (docs/product.md).
      const session = await exchangeToken(account.idToken, account.email, {
        name: account.name,
        email: account.email,
        image: account.image,
        role: 'buyer',
      });
      keepSession(queryClient, session);
      toast.success(t('googleSuccess'));
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      if (error instanceof NoEmail) toast.error(t('googleNoEmail'));
      else if (!(error instanceof SignInCancelled)) {
        toast.error(error instanceof Error ? error.message : t('googleFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Divider />
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void onClick()}
        className={buttonClass}
      >
        {busy ? (
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-dashed border-brand-600" />
        ) : (
          <GoogleIcon className="size-5" />
        )}
        {t('googleButton')}
      </button>
    </div>
  );
}
