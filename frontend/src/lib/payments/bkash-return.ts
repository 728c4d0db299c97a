// Where bKash sends the buyer back: `/api/bkash/callback` answers with the payment page
// (`?bkash=cancel|failure|refused|unavailable`) or My Orders (`?bkash=held`, or
// `failure|unavailable` for a booking it could not name). What each means, in one line:
// nothing was held unless it says so.
export const BKASH_OUTCOMES = {
  cancel: 'You cancelled on bKash: nothing was held. Choose how to pay.',
  failure: 'bKash did not hold the money (the wallet could not pay). Nothing was charged.',
  unavailable: 'bKash did not answer: nothing was charged. Try again in a minute.',
  refused: 'bKash held the money, but this booking could no longer take it, so the hold was released: nothing was charged.',
} as const;

export type BkashOutcome = keyof typeof BKASH_OUTCOMES;

export const BKASH_HELD_TOAST = 'bKash holds the price until the handover';

export const isOutcome = (value: string | null): value is BkashOutcome => value !== null && value in BKASH_OUTCOMES;

