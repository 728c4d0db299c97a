// Where a booking stands in its bike's line (docs/deals.md), in the words every page
// uses: My Orders, My Buyers, a listing's own card and the payment page. Shared, since
// the buyer's and the seller's pages and the listing cards all say the same thing.
import { useEffect, useState } from 'react';
import type { Booking } from '@/lib/api/types.ts';

/** The statuses that end a booking: nothing more can happen to it. */
const ENDED: ReadonlySet<string> = new Set(['declined', 'released', 'lapsed', 'cancelled', 'called_off']);

/** The statuses that hold or have sold the bike, before the handover. */
const DEAL: ReadonlySet<string> = new Set(['paid', 'cash', 'held']);

/** The words for a booking the buyer pays for in cash when they meet. */
export const PAYING_CASH = 'Paying cash at the meet-up';

/** The words, on the seller's side, for a deal whose buyer's card holds the price until the handover. */
export const CARD_HELD = 'Card held';

/** A deal under way to be settled at the meet-up with the buyer's code: cash, or a card hold. */
export function isHandover(booking: Pick<Booking, 'status'>): boolean {
  return booking.status === 'cash' || booking.status === 'held';
}

/** The words for a deal handed over: the bike is sold for good. */
export const COMPLETED = 'Completed';

/** Where the two sides meet is agreed while the bike is held for the buyer, until the handover. */
export function canMeet(booking: Pick<Booking, 'status'>): boolean {
  return ['reserved', 'cash', 'held'].includes(booking.status);
}

export function hasEnded(booking: Pick<Booking, 'status'>): boolean {
  return ENDED.has(booking.status);
}

/** Waiting in line, or holding the bike: the buyer may still cancel, the seller answer. */
export function isOpen(booking: Pick<Booking, 'status'>): boolean {
  return booking.status === 'waiting' || booking.status === 'reserved';
}

/**
 * How far along a booking is, for telling a newer state from an older one: a replayed
 * event never takes a booking back (an ended booking does not reopen, a paid one does
 * not become reserved again, a place in line only moves forward).
 */
export function dealStage(booking: Pick<Booking, 'status'>): number {
  if (ENDED.has(booking.status) || booking.status === 'completed') return 3;
  if (DEAL.has(booking.status)) return 2;
  if (booking.status === 'reserved') return 1;
  return 0;
}

/** The time now, again every minute: a reservation's hours left count down on an open page. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
