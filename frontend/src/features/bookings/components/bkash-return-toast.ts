// My Orders, back from bKash (`?bkash=held`, or `failure|unavailable` for a booking bKash's
// record did not name): a toast says what happened, once.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { BKASH_HELD_TOAST, BKASH_OUTCOMES, isOutcome } from '@/lib/payments/bkash-return.ts';

/**
 * My Orders, back from bKash: a toast says the price is held (or, for a booking bKash's
 * record did not name, that nothing was), once; the address is then cleared so a reload
 * does not say it again.
 */
export function useBkashReturnToast() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('bkash');
  const shown = useRef(false);
  useEffect(() => {
    if (!outcome || shown.current) return;
    shown.current = true;
    if (outcome === 'held') toast.success(BKASH_HELD_TOAST);
    else if (isOutcome(outcome)) toast.error(BKASH_OUTCOMES[outcome]);
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete('bkash');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}
