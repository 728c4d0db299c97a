import { ResendLinkButton } from '@/components/resend-link-button.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { unverifiedBannerMessages } from './unverified-banner.messages.ts';

/** Stands in for the address while the sentence is formatted, so it can be shown in bold. */
const EMAIL_SLOT = '\u0000';

/** A quiet strip for a signed-in user who has not confirmed their address yet. */
export function UnverifiedBanner() {
  const { user } = useSession();
  const t = useT(unverifiedBannerMessages);
  if (!user || user.emailVerified) return null;
  const [before = '', after = ''] = t('pleaseConfirm', { email: EMAIL_SLOT }).split(EMAIL_SLOT);
  return (
    <section aria-label={t('region')} className="border-b border-amber-200 bg-amber-50 text-sm text-amber-950 print:hidden">
      <div className="page-container flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
        <p className="min-w-0 break-words">
          {before}
          <strong>{user.email}</strong>
          {after}
        </p>
        <ResendLinkButton email={user.email}>{t('resend')}</ResendLinkButton>
      </div>
    </section>
  );
}
