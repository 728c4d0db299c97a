// A deposit to reserve a bike: when the listing asks one, the buyer's card or bKash wallet
// holds only the deposit, and the rest of the price is paid in cash at the handover. The
// words for it are the same on the payment page, My Orders, My Buyers, the receipt and the
// admin's deals.
import type { Booking } from '@/lib/api/types.ts';
import { hasEnded } from '@/lib/deal-status.ts';
import { formatPrice } from '@/utils/format-price.ts';

/** A deal's split: held by card or bKash, and paid in cash at the handover, in taka. */
export interface DepositSplit {
  deposit: number;
  inCash: number;
}

/** The deposit the booking's listing asked when it was booked, or null when it asked none. */
export function depositOf(booking: Pick<Booking, 'price' | 'deposit'>): DepositSplit | null {
  const { deposit } = booking;
  if (deposit === undefined || deposit === null) return null;
  return { deposit, inCash: Math.max(booking.price - deposit, 0) };
}

/**
 * Where a booking's deposit stands, in one line: "Deposit ৳20,000 to reserve" before it is
 * held, "held" until the handover, "paid" once handed over, then the rest in cash; null
 * without a deposit, or once the booking ended (nothing is held any more).
 */
export function depositLine(booking: Pick<Booking, 'price' | 'deposit' | 'status'>): string | null {
  return depositParts(booking)?.join(DEPOSIT_SEPARATOR) ?? null;
}

/** Between the deposit and the rest in cash, in `depositLine`. */
export const DEPOSIT_SEPARATOR = ' · ';

/** `depositLine`'s two halves, for a narrow cell that puts each on its own line. */
export function depositParts(booking: Pick<Booking, 'price' | 'deposit' | 'status'>): [string, string] | null {
  const split = depositOf(booking);
  if (!split || hasEnded(booking)) return null;
  const { deposit, inCash } = split;
  if (booking.status === 'completed') return [`Deposit ${formatPrice(deposit)} paid`, `${formatPrice(inCash)} paid in cash`];
  const state = booking.status === 'held' ? 'held' : 'to reserve';
  return [`Deposit ${formatPrice(deposit)} ${state}`, `${formatPrice(inCash)} in cash at the handover`];
}
