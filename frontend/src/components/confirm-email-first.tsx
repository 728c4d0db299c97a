import { ResendLinkButton } from '@/components/resend-link-button.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { confirmEmailFirstMessages } from './confirm-email-first.messages.ts';

/**
 * What waits for a proven address: booking, listing, writing to a seller, writing in a
 * thread, asking to be verified.
 */
export type ProvenAct = 'book' | 'list' | 'message' | 'reply' | 'verify';

/**
 * In place of a form the server takes only from a proven address (403 `unverified`):
 * what to do, and the link mailed again in one tap. Coming back to the page after opening
 * the link refreshes the account, and the form takes this notice's place.
 */
export function ConfirmEmailFirst({ email, act, className = '' }: { email: string; act: ProvenAct; className?: string }) {
  const t = useT(confirmEmailFirstMessages);
  return (
    <section
      aria-label={t(act)}
      className={`rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 ${className}`}
    >
      <p className="font-semibold">{t(act)}</p>
      <p className="mt-1 break-words">{t('openLink', { email })}</p>
      <div className="mt-2 -ml-2.5">
        <ResendLinkButton email={email}>{t('sendAgain')}</ResendLinkButton>
      </div>
    </section>
  );
}
