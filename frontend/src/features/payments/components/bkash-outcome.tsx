// Back from bKash on the payment page (`?bkash=cancel|failure|refused|unavailable`): what
// happened, in one line above the ways to pay.
import { useSearchParams } from 'react-router';
import { useT } from '@/lib/i18n/language-context.ts';
import { isOutcome, type BkashOutcome } from '@/lib/payments/bkash-return.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';

/** Each outcome's line (`BKASH_OUTCOMES`' words in English). */
const LINES = {
  cancel: 'bkashCancel',
  failure: 'bkashFailure',
  unavailable: 'bkashUnavailable',
  refused: 'bkashRefused',
} as const satisfies Record<BkashOutcome, keyof typeof paymentsMessages.en>;

/** The outcome the address carries, if any. */
export function useBkashOutcome(): BkashOutcome | null {
  const [params] = useSearchParams();
  const outcome = params.get('bkash');
  return isOutcome(outcome) ? outcome : null;
}

/** The line above the ways to pay, after coming back from bKash without a hold. */
export function BkashOutcomeNote({ outcome }: { outcome: BkashOutcome }) {
  const t = useT(paymentsMessages);
  const tone = outcome === 'cancel' ? 'bg-stone-50 text-stone-800 ring-stone-200' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return (
    <p role="status" data-testid="bkash-outcome" className={`rounded-xl px-4 py-3 font-medium ring-1 ${tone}`}>
      {t(LINES[outcome])}
    </p>
  );
}
