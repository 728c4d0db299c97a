import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { exchangeToken } from '@/lib/auth/exchange-token.ts';
import { userQueryOptions } from '@/lib/auth/get-user.ts';
import { keepSession } from '@/lib/auth/keep-session.ts';
import { firebaseSettings } from '@/lib/config/get-config.ts';
import { LINK_NO_LONGER_VALID } from '@/lib/firebase/firebase-auth.ts';
import { firebaseVerifyEmail } from '@/lib/firebase/firebase-password.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { verifyEmail } from '@/features/auth/api/verify-email.ts';
import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { ResendLinkButton } from '@/components/resend-link-button.tsx';

type Outcome = { state: 'checking' } | { state: 'confirmed' } | { state: 'failed'; message: string };

/** Firebase's codes work once: each is applied once per page load, however often React mounts. */
const applied = new Map<string, ReturnType<typeof firebaseVerifyEmail>>();

/**
 * Proves the address with the link's code: the built-in provider's token, or Firebase's
 * code when this page is the site's action page. With Firebase, a person signed in in
 * this browser is signed in afresh, so the server hears at once that Firebase proved it.
 */
async function confirm(params: URLSearchParams, queryClient: QueryClient): Promise<void> {
  const oobCode = params.get('oobCode');
  if (oobCode && params.get('mode') === 'verifyEmail') {
    const firebase = await firebaseSettings(queryClient);
    if (!firebase) throw new Error(LINK_NO_LONGER_VALID);
    let proof = applied.get(oobCode);
    if (!proof) {
      proof = firebaseVerifyEmail(firebase, oobCode);
      applied.set(oobCode, proof);
    }
    const fresh = await proof;
    if (fresh) keepSession(queryClient, await exchangeToken(fresh.idToken, fresh.email, { email: fresh.email }));
    return;
  }
  const { email } = await verifyEmail(params.get('token') ?? '');
  // The banner asking to confirm goes away for a signed-in owner of the address.
  await queryClient.invalidateQueries({ queryKey: userQueryOptions(email).queryKey });
}

/** The page a verification mail links to: proves the address, once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  const query = params.toString();

  useEffect(() => {
    let current = true;
    confirm(new URLSearchParams(query), queryClient).then(
      () => {
        if (current) setOutcome({ state: 'confirmed' });
      },
      (error: unknown) => {
        if (current) setOutcome({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [query, queryClient]);

  return (
    <AuthCard title="Confirm your email" subtitle="One click proves the address is yours.">
      {outcome.state === 'checking' && (
        <div className="flex items-center gap-3 text-stone-600">
          <Spinner label="Confirming your email address" />
          Confirming your email address…
        </div>
      )}
      {outcome.state === 'confirmed' && (
        <div role="status" className="space-y-4">
          <p className="rounded-lg bg-brand-50 p-4 font-medium text-brand-900 ring-1 ring-brand-200">
            Your email address is confirmed.
          </p>
          <Link to={user ? '/dashboard' : '/login'} className="font-semibold text-brand-700 hover:underline">
            {user ? 'Go to your dashboard' : 'Log in'}
          </Link>
        </div>
      )}
      {outcome.state === 'failed' && (
        <div role="alert" className="space-y-4">
          <p className="rounded-lg bg-red-50 p-4 text-red-800 ring-1 ring-red-200">{outcome.message}</p>
          {user && !user.emailVerified && <ResendLinkButton email={user.email}>Send a new link</ResendLinkButton>}
        </div>
      )}
    </AuthCard>
  );
}
