// Typing helpers for the card form: the number in groups of four, the expiry as MM/YY.
// Bengali digits (a Bangla keyboard's) count as the Latin ones they stand for.
import { toLatinDigits } from '@/lib/i18n/numbers.ts';

export { caretAfterDigits } from '@/lib/i18n/numbers.ts';

const MAX_CARD_DIGITS = 19;

export function digitsOf(text: string): string {
  return toLatinDigits(text).replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242"; anything but digits is dropped. */
export function formatCardNumber(text: string): string {
  const digits = digitsOf(text).slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28"; a first digit above 1 can only be a month like "04". */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** "12/28" → {month: 12, year: 2028}; null until both parts are complete. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}
