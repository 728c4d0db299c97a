import { useT } from '@/lib/i18n/language-context.ts';
import { usersMessages } from '@/features/users/users.messages.ts';

// The admin's sign that a seller is verified: a blue check icon.
export function VerifiedMark() {
  const t = useT(usersMessages);
  return (
    <svg role="img" aria-label={t('verified')} viewBox="0 0 24 24" width={28} height={28} className="size-7 text-sky-600">
      <title>{t('verified')}</title>
      <path
        fill="currentColor"
        d="M12 1.5 14.6 3.4l3.2-.1 1 3 2.6 1.9-1 3 1 3-2.6 1.9-1 3-3.2-.1L12 22.5 9.4 20.6l-3.2.1-1-3-2.6-1.9 1-3-1-3 2.6-1.9 1-3 3.2.1z"
      />
      <path
        fill="none"
        stroke="white"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
        d="m7.8 12.2 2.8 2.8 5.6-5.8"
      />
    </svg>
  );
}
