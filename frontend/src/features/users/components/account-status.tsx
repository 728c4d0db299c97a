// What the admin's people tables say of an account an admin suspended (docs/trust.md,
// "Warnings and suspensions"): a Suspended badge, the admin's reason under the name, and
// the row's actions, where Warn and Suspend make no sense any more for someone who can no
// longer sign in.
import type { ReactNode } from 'react';
import { AccountActions } from '@/components/account-actions.tsx';
import type { User } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { usersMessages } from '@/features/users/users.messages.ts';

export function SuspendedBadge() {
  const t = useT(usersMessages);
  return (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-200">
      {t('suspended')}
    </span>
  );
}

/** Why they were suspended, as the admin said it, under their name. */
export function SuspendedReason({ user }: { user: User }) {
  const t = useT(usersMessages);
  if (!user.suspended || !user.suspendedReason) return null;
  return (
    <span className="mt-0.5 block text-xs font-normal wrap-anywhere text-red-700">
      {t('suspendedWhy', { reason: user.suspendedReason })}
    </span>
  );
}

/** A row's actions: Warn and Suspend while the account is in good standing, then `rest` (Delete). */
export function RowActions({ user, children }: { user: User; children: ReactNode }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2 sm:justify-start">
      {!user.suspended && <AccountActions userId={user._id} name={user.name} />}
      {children}
    </span>
  );
}
