// "Pay with bKash": the price, or the deposit the listing asks, is held in the buyer's bKash
// wallet until the handover. The button starts the payment and sends the browser to
// bKash's page, where the buyer enters their wallet number and PIN; bKash sends them back
// to BikeHaat when they are done.
import { useMutation } from '@tanstack/react-query';
import type { Booking } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import type { MethodChoice } from '@/features/payments/api/get-payment-methods.ts';
import { startBkashMutation } from '@/features/payments/api/start-bkash.ts';
import { depositHoldLine } from '@/features/payments/utils/hold-lines.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';
import { MethodNote } from './method-note.tsx';

const start = startBkashMutation();

/** Leaves BikeHaat for bKash's page (an object, so tests can watch it). */
export const bkashPage = {
  open(url: string) {
    window.location.assign(url);
  },
};

export function BkashOption({ booking, choice }: { booking: Booking; choice: MethodChoice }) {
  const t = useT(paymentsMessages);
  const { locale } = useLanguage();
  const action = useMutation({
    ...start,
    onSuccess: (started) => {
      bkashPage.open(started.bkashURL);
    },
  });
  // Stays busy once bKash answered: the browser is on its way to bKash's page.
  const busy = action.isPending || action.isSuccess;
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{choice.atHandover > 0 ? depositHoldLine(choice, 'bkash', locale) : t('bkashLine')}</p>
      <MethodNote choice={choice} />
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          action.mutate(booking._id);
        }}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-[#d1105f] px-6 py-3 font-semibold text-white shadow-sm hover:bg-[#b00d50] disabled:cursor-wait disabled:opacity-80"
      >
        {busy && (
          <span
            aria-hidden="true"
            data-testid="bkash-spinner"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
        )}
        {busy ? t('openingBkash') : t('payWithBkash', { amount: formatTaka(choice.hold, locale) })}
      </button>
      {action.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {action.error.message}
        </p>
      )}
    </div>
  );
}
