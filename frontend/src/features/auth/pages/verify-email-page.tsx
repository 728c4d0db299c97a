import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import { exchangeToken } from '@/lib/auth/exchange-token.ts';
import { userQueryOptions } from '@/lib/auth/get-user.ts';
import { keepSession } from '@/lib/auth/keep-session.ts';
import { firebaseSettings } from '@/lib/config/get-config.ts';
import { firebaseVerifyEmail } from '@/lib/firebase/firebase-password.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import type { AccountToVerify } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { LinkGone, type LinkProblem } from '@/features/auth/utils/link-gone.ts';
import { accountToVerify } from '@/features/auth/api/verify-email.ts';
import { ConfirmAccountForm } from '@/features/auth/components/confirm-account-form.tsx';
import { AuthCard } from '@/features/auth/components/auth-card.tsx';
import { ResendLinkButton } from '@/components/resend-link-button.tsx';

type Outcome =
  | { state: 'checking' }
  | { state: 'asking'; token: string; account: AccountToVerify }
  | { state: 'confirmed' }
  | { state: 'failed'; problem: LinkProblem };

/** Firebase's codes work once: each is applied once per page load, however often React mounts. */
const applied = new Map<string, ReturnType<typeof firebaseVerifyEmail>>();

/**
 * Firebase's code, when this page is the site's action page: proves the address at once
 * (Firebase's own link). A person signed in in this browser is signed in afresh, so the
 * server hears at once that Firebase proved it.
 */
async function confirmWithFirebase(oobCode: string, queryClient: QueryClient): Promise<void> {
  const firebase = await firebaseSettings(queryClient);
  if (!firebase) throw new LinkGone();
  let proof = applied.get(oobCode);
  if (!proof) {
    proof = firebaseVerifyEmail(firebase, oobCode);
    applied.set(oobCode, proof);
  }
  const fresh = await proof;
  if (fresh) keepSession(queryClient, await exchangeToken(fresh.idToken, fresh.email, { email: fresh.email }));
}

/**
 * What the link is for: Firebase's code is applied at once; the built-in provider's
 * token names its account, and the reader confirms it with the account's password.
 */
async function open(params: URLSearchParams, queryClient: QueryClient): Promise<Outcome> {
  const oobCode = params.get('oobCode');
  if (oobCode && params.get('mode') === 'verifyEmail') {
    await confirmWithFirebase(oobCode, queryClient);
    return { state: 'confirmed' };
  }
  const token = params.get('token') ?? '';
  return { state: 'asking', token, account: await accountToVerify(token) };
}

/** What went wrong, as the server or Firebase said it, unless the page found the link spent itself. */
function failure(error: unknown): LinkProblem {
  return error instanceof LinkGone ? 'gone' : { message: error instanceof Error ? error.message : String(error) };
}

/** The page a verification mail links to: proves the address, once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const t = useT(authMessages);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  const query = params.toString();

  useEffect(() => {
    let current = true;
    open(new URLSearchParams(query), queryClient).then(
      (next) => {
        if (current) setOutcome(next);
      },
      (error: unknown) => {
        if (current) setOutcome({ state: 'failed', problem: failure(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [query, queryClient]);

  const confirmed = async (email: string) => {
    // The banner asking to confirm goes away for a signed-in owner of the address.
    await queryClient.invalidateQueries({ queryKey: userQueryOptions(email).queryKey });
    setOutcome({ state: 'confirmed' });
  };

  return (
    <AuthCard title={t('verifyTitle')} subtitle={t('verifySubtitle')}>
      {outcome.state === 'checking' && (
        <div className="flex items-center gap-3 text-stone-600">
          <Spinner label={t('checkingLink')} />
          {t('checkingLinkNow')}
        </div>
      )}
      {outcome.state === 'asking' && (
        <ConfirmAccountForm
          token={outcome.token}
          account={outcome.account}
          onConfirmed={confirmed}
          onLinkProblem={(message) => {
            setOutcome({ state: 'failed', problem: { message } });
          }}
        />
      )}
      {outcome.state === 'confirmed' && (
        <div role="status" className="space-y-4">
          <p className="rounded-lg bg-brand-50 p-4 font-medium text-brand-900 ring-1 ring-brand-200">
            {t('emailConfirmed')}
          </p>
          <Link to={user ? '/dashboard' : '/login'} className="font-semibold text-brand-700 hover:underline">
            {user ? t('goToDashboard') : t('logIn')}
          </Link>
        </div>
      )}
      {outcome.state === 'failed' && (
        <div role="alert" className="space-y-4">
          <p className="rounded-lg bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
            {outcome.problem === 'gone' ? t('linkGone') : outcome.problem.message}
          </p>
          {user && !user.emailVerified && <ResendLinkButton email={user.email}>{t('sendNewLink')}</ResendLinkButton>}
        </div>
      )}
    </AuthCard>
  );
}
