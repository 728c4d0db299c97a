import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { userQueryOptions } from '../../../lib/auth/get-user.ts';
import { useSession } from '../../../lib/auth/session-context.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResendLinkButton } from '../../../components/resend-link-button.tsx';

type Outcome = { state: 'checking' } | { state: 'confirmed' } | { state: 'failed'; message: string };

/** The page a verification mail links to: proves the address, once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });

  useEffect(() => {
    let current = true;
    verifyEmail(token).then(
      async ({ email }) => {
        // The banner asking to confirm goes away for a signed-in owner of the address.
        await queryClient.invalidateQueries({ queryKey: userQueryOptions(email).queryKey });
        if (current) setOutcome({ state: 'confirmed' });
      },
      (error: unknown) => {
        if (current) setOutcome({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [token, queryClient]);

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
