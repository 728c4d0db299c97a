// The server's offer of ways to pay, for the payment page's tests.
import type { MethodChoice, MethodsOffer } from './api/get-payment-methods.ts';

export const BKASH_NOT_SET_UP = 'bKash payments are not set up on this marketplace.';
export const DEPOSIT_ASKED =
  'The seller asks a deposit by card or bKash to reserve this bike; the rest is paid in cash at the meet-up.';

/**
 * `price` held whole by card or bKash, or `deposit` held and the rest in cash; cash and
 * card offered and bKash not set up unless `changes` say otherwise.
 */
export function anOffer(
  { price = 1800, deposit = null }: { price?: number; deposit?: number | null } = {},
  changes: Partial<Record<'cash' | 'card' | 'bkash', Partial<MethodChoice>>> = {},
): MethodsOffer {
  const hold = deposit ?? price;
  const held = (method: 'card' | 'bkash'): MethodChoice => ({ method, offered: true, hold, atHandover: price - hold });
  const cash: MethodChoice =
    deposit === null
      ? { method: 'cash', offered: true, hold: 0, atHandover: price }
      : { method: 'cash', offered: false, hold: 0, atHandover: price, reason: DEPOSIT_ASKED };
  // An offered way carries no reason.
  const settled = ({ reason, ...choice }: MethodChoice): MethodChoice =>
    choice.offered || reason === undefined ? choice : { ...choice, reason };
  return {
    price,
    deposit,
    methods: [
      settled({ ...cash, ...changes.cash }),
      settled({ ...held('card'), ...changes.card }),
      settled({ ...held('bkash'), offered: false, reason: BKASH_NOT_SET_UP, ...changes.bkash }),
    ],
  };
}
