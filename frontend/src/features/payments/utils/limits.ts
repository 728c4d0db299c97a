// The most each way of paying can hold, in taka: a card payment here takes at most
// ৳9,99,999.99, a bKash wallet holds at most ৳5,00,000. The page does not offer a way
// that must fail for the price, and says why in one line instead.
import { formatPrice } from '@/utils/format-price.ts';

export const CARD_MAX = 999_999.99;
export const BKASH_MAX = 500_000;

export type Method = 'cash' | 'card' | 'bkash';

/** Why this method cannot pay this price, or null when it can. */
export function overLimit(method: Method, price: number): string | null {
  if (method === 'card' && price > CARD_MAX) {
    return `Cards are not taken above ${formatPrice(CARD_MAX)}: pay in cash at the meet-up.`;
  }
  if (method === 'bkash' && price > BKASH_MAX) {
    return `A bKash wallet holds at most ${formatPrice(BKASH_MAX)}: pay ${price > CARD_MAX ? 'in cash at the meet-up' : 'by card or in cash at the meet-up'}.`;
  }
  return null;
}
