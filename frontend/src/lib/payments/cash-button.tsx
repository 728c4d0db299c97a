// "Pay cash at the meet-up": the buyer holding the bike chooses to pay the seller in person,
// on My Orders or the payment page. One honest line says what it means, and the dialog asks
// once more, with the safety advice.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { cashButtonMessages } from './cash-button.messages.ts';
import { payCashMutation } from './pay-cash.ts';

export { CASH_LINE, SAFETY_LINE } from './cash-button.messages.ts';

const payCash = payCashMutation();

export function CashButton({
  booking,
  onPage = false,
}: {
  booking: Booking;
  /**
   * On the payment page: a full-width "Choose cash at the meet-up", its line said above it;
   * otherwise My Orders' narrow cell, "Pay cash at the meet-up" with the line beneath.
   */
  onPage?: boolean;
}) {
  const action = useMutation(payCash);
  const { confirm, dialog } = useConfirm();
  const t = useT(cashButtonMessages);
  const run = async () => {
    const asked = {
      title: t('title', { bike: booking.productName }),
      prompt: `${t('cashLine')} ${t('safetyLine')}`,
      confirmLabel: t('confirm'),
      cancelLabel: t('notNow'),
    };
    if (!(await confirm(asked))) return;
    try {
      await action.mutateAsync(booking);
      toast.success(t('told', { seller: booking.sellerName }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    // Narrow in a desktop's table (the button may take two lines there), the card's width on a phone.
    <span
      className={
        onPage ? 'flex flex-col' : 'flex max-w-40 flex-col gap-1 max-sm:max-w-64 max-sm:items-end max-sm:text-right'
      }
    >
      <button
        type="button"
        disabled={action.isPending}
        onClick={() => void run()}
        className={`rounded-lg border border-brand-700 bg-white font-semibold text-brand-800 shadow-sm hover:bg-brand-50 disabled:cursor-wait disabled:opacity-60 ${onPage ? 'w-full px-6 py-3' : 'w-fit px-3 py-1.5 text-left text-sm leading-tight max-sm:text-right'}`}
      >
        {action.isPending ? t('choosing') : onPage ? t('choose') : t('confirm')}
      </button>
      {!onPage && <span className="text-xs text-stone-600">{t('cashLine')}</span>}
      {dialog}
    </span>
  );
}
