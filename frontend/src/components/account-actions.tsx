// An admin's Warn and Suspend of a buyer or seller (docs/trust.md, "Warnings and
// suspensions"), each asking why in the shared reject dialog: a warning reaches them as
// a notification and changes nothing else; a suspension signs them out for good and
// takes their unsold bikes off the site, so it says so before it goes ahead. All Sellers
// and All Buyers offer both on each row, the queue of reported listings on each
// listing's seller. Someone suspended already is offered neither.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { suspendUserMutation, warnUserMutation } from '@/lib/api/account-actions.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { accountActionsMessages } from './account-actions.messages.ts';
import { RejectDialog } from './reject-dialog.tsx';

const warn = warnUserMutation();
const suspend = suspendUserMutation();

const WARN_REASONS = ['warnMoney', 'warnSold', 'warnDetails', 'warnPolite'] as const;
const SUSPEND_REASONS = ['suspendScam', 'suspendStolen', 'suspendAgain', 'suspendFake'] as const;

/** The buttons' look: a table row's small ones, or a card's, a step below its main decisions. */
const looks = {
  table: 'inline-flex min-h-9 items-center rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap shadow-sm',
  card: 'inline-flex min-h-11 items-center justify-center rounded-lg px-2 py-2 text-sm font-semibold shadow-sm',
} as const;

export function AccountActions({
  userId,
  name,
  look = 'table',
  asSeller = false,
}: {
  userId: string;
  name: string;
  look?: keyof typeof looks;
  /** Named for what they are to the page: "Warn seller" beside a seller's listing. */
  asSeller?: boolean;
}) {
  const t = useT(accountActionsMessages);
  const [asking, setAsking] = useState<'warn' | 'suspend' | null>(null);
  const warning = useMutation(warn);
  const suspending = useMutation(suspend);
  const close = () => {
    setAsking(null);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAsking('warn');
        }}
        className={`${looks[look]} border border-amber-400 bg-amber-50 text-amber-950 hover:bg-amber-100`}
      >
        {asSeller ? t('warnSeller') : t('warn')}
      </button>
      <button
        type="button"
        onClick={() => {
          setAsking('suspend');
        }}
        className={`${looks[look]} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
      >
        {asSeller ? t('suspendSeller') : t('suspend')}
      </button>
      {asking === 'warn' && (
        <RejectDialog
          title={t('warnTitle', { name })}
          description={t('warnAbout')}
          placeholder={t('warnPlaceholder')}
          quickReasons={WARN_REASONS.map((key) => t(key))}
          done={t('warned', { name })}
          confirmLabel={t('warn')}
          busyLabel={t('warning')}
          sayWhy={t('warnSayWhy')}
          busy={warning.isPending}
          onReject={(reason) => warning.mutateAsync({ userId, reason })}
          onClose={close}
          onRejected={close}
        />
      )}
      {asking === 'suspend' && (
        <RejectDialog
          title={t('suspendTitle', { name })}
          description={t('suspendAbout')}
          placeholder={t('suspendPlaceholder')}
          quickReasons={SUSPEND_REASONS.map((key) => t(key))}
          done={t('suspended', { name })}
          confirmLabel={t('suspend')}
          busyLabel={t('suspending')}
          sayWhy={t('suspendSayWhy')}
          busy={suspending.isPending}
          onReject={(reason) => suspending.mutateAsync({ userId, reason })}
          onClose={close}
          onRejected={close}
        />
      )}
    </>
  );
}
