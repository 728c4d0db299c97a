// My Orders, back from bKash (`?bkash=held`, or `failure|unavailable` for a booking bKash's
// record did not name): a toast says what happened, once.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useT } from '@/lib/i18n/language-context.ts';
import { isOutcome, type BkashOutcome } from '@/lib/payments/bkash-return.ts';
import { bookingsMessages } from './bookings.messages.ts';
import type { BookingsKey } from './deal-words.ts';

/** `BKASH_OUTCOMES`' words, in the page's language. */
const OUTCOMES: Record<BkashOutcome, BookingsKey> = {
  cancel: 'bkashCancel',
  failure: 'bkashFailure',
  unavailable: 'bkashUnavailable',
  refused: 'bkashRefused',
};

/**
 * My Orders, back from bKash: a toast says the price is held (or, for a booking bKash's
 * record did not name, that nothing was), once; the address is then cleared so a reload
 * does not say it again.
 */
export function useBkashReturnToast() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('bkash');
  const t = useT(bookingsMessages);
  const shown = useRef(false);
  useEffect(() => {
    if (!outcome || shown.current) return;
    shown.current = true;
    if (outcome === 'held') toast.success(t('bkashHeldToast'));
    else if (isOutcome(outcome)) toast.error(t(OUTCOMES[outcome]));
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete('bkash');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, t]);
}
