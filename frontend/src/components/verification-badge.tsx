// A seller's verification as a badge: Verified (an admin has seen their ID card; the
// shield of the listings' verified-seller badge) or Not verified. The All Sellers table
// and the seller's Get verified page show it.
import { useT } from '@/lib/i18n/language-context.ts';
import { ShieldCheckIcon } from './icons.tsx';
import { verificationBadgeMessages } from './verification-badge.messages.ts';

export function VerificationBadge({ verified, className = '' }: { verified: boolean; className?: string }) {
  const t = useT(verificationBadgeMessages);
  return verified ? (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-800 ${className}`}
    >
      <ShieldCheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
      {t('verified')}
    </span>
  ) : (
    <span
      className={`inline-flex items-center rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-stone-700 ring-1 ring-stone-200 ${className}`}
    >
      {t('notVerified')}
    </span>
  );
}
