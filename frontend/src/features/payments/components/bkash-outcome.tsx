// Back from bKash on the payment page (`?bkash=cancel|failure|refused|unavailable`): what
// happened, in one line above the ways to pay.
import { useSearchParams } from 'react-router';
import { BKASH_OUTCOMES, isOutcome, type BkashOutcome } from '@/lib/payments/bkash-return.ts';

/** The outcome the address carries, if any. */
export function useBkashOutcome(): BkashOutcome | null {
  const [params] = useSearchParams();
  const outcome = params.get('bkash');
  return isOutcome(outcome) ? outcome : null;
}

/** The line above the ways to pay, after coming back from bKash without a hold. */
export function BkashOutcomeNote({ outcome }: { outcome: BkashOutcome }) {
  const tone = outcome === 'cancel' ? 'bg-stone-50 text-stone-800 ring-stone-200' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return (
    <p role="status" data-testid="bkash-outcome" className={`rounded-xl px-4 py-3 font-medium ring-1 ${tone}`}>
      {BKASH_OUTCOMES[outcome]}
    </p>
  );
}
