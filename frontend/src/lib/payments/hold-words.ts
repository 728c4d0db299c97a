// The words for what holds a buyer's money until the handover: their card, or their bKash
// wallet. A held deal reads the same either way but for these words, on the payment page,
// My Orders and My Buyers.
import type { Booking } from '@/lib/api/types.ts';
import { CARD_HELD } from '@/lib/deal-status.ts';

export interface HoldWords {
  /** "Card" or "bKash": "Card hold released by itself on …". */
  name: string;
  /** "Card held" or "bKash held": the seller's pill. */
  held: string;
  /** "Your card" or "Your bKash wallet": "Your card holds ৳X". */
  yours: string;
}

const CARD: HoldWords = { name: 'Card', held: CARD_HELD, yours: 'Your card' };
const BKASH: HoldWords = { name: 'bKash', held: 'bKash held', yours: 'Your bKash wallet' };

/** A hold is a card's unless the booking says bKash (older card holds carry no method). */
export function holdWords(booking: Pick<Booking, 'method'> | null | undefined): HoldWords {
  return booking?.method === 'bkash' ? BKASH : CARD;
}
