import { ResendLinkButton } from '@/components/resend-link-button.tsx';
import { useSession } from '@/lib/auth/session-context.ts';

/** A quiet strip for a signed-in user who has not confirmed their address yet. */
export function UnverifiedBanner() {
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return (
    <section aria-label="Confirm your email" className="border-b border-amber-200 bg-amber-50 text-sm text-amber-950 print:hidden">
      <div className="page-container flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
        <p className="min-w-0 break-words">
          Please confirm your email address: we sent a link to <strong>{user.email}</strong>.
        </p>
        <ResendLinkButton email={user.email}>Resend</ResendLinkButton>
      </div>
    </section>
  );
}
