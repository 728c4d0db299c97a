// Where a booking stands, in the page's language: the words `@/lib/deal-status.ts`,
// `@/lib/payments/deposit.ts` and `@/lib/payments/hold-words.ts` say in English, said
// here from the bookings catalog so Bangla gets its own (English stays word for word).
import type { Values } from '@/lib/i18n/catalog.ts';
import { formatTaka, localDigits, type Locale } from '@/lib/i18n/numbers.ts';
import type { Booking } from '@/lib/api/types.ts';
import { hasEnded } from '@/lib/deal-status.ts';
import { depositOf } from '@/lib/payments/deposit.ts';
import type { bookingsMessages } from './bookings.messages.ts';

export type BookingsKey = keyof typeof bookingsMessages.en;
export type BookingsT = (key: BookingsKey, values?: Values) => string;

/** "In line · 2nd" / "লাইনে ২ নম্বরে" (or "In line" while the place is unknown). */
export function inLineWords(booking: Pick<Booking, 'queuePosition'>, t: BookingsT, locale: Locale): string {
  const position = booking.queuePosition;
  return position ? t('inLineAt', { position, place: localDigits(String(position), locale) }) : t('inLine');
}

const HOUR = 60 * 60 * 1000;

/** "47 h left" / "৪৭ ঘণ্টা বাকি", "under 1 h left", or null once the time is up (or unknown). */
export function timeLeftWords(reservedUntil: string | null | undefined, now: number, t: BookingsT, locale: Locale): string | null {
  if (!reservedUntil) return null;
  const left = Date.parse(reservedUntil) - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  return left < HOUR ? t('underAnHourLeft') : t('hoursLeft', { hours: localDigits(String(Math.floor(left / HOUR)), locale) });
}

/** How a booking that ended reads, and the other side's reason when there is one. */
export function endedWords(booking: Pick<Booking, 'status' | 'reason' | 'calledOffBy'>, t: BookingsT): { word: string; reason: string | null } {
  const reason = booking.reason ? booking.reason : null;
  switch (booking.status) {
    case 'declined':
      return { word: t('declined'), reason };
    case 'released':
      return { word: t('released'), reason };
    case 'lapsed':
      return { word: t('ranOut'), reason: null };
    case 'called_off':
      return { word: booking.calledOffBy ? t('calledOffBy', { by: booking.calledOffBy }) : t('calledOff'), reason };
    default:
      return { word: t('cancelled'), reason: null };
  }
}

/** `depositParts`' two halves in the page's language: the deposit, and the rest in cash. */
export function depositWords(
  booking: Pick<Booking, 'price' | 'deposit' | 'status'>,
  t: BookingsT,
  locale: Locale,
): [string, string] | null {
  const split = depositOf(booking);
  if (!split || hasEnded(booking)) return null;
  const deposit = formatTaka(split.deposit, locale);
  const rest = formatTaka(split.inCash, locale);
  if (booking.status === 'completed') return [t('depositPaid', { deposit }), t('restPaidInCash', { rest })];
  return [t(booking.status === 'held' ? 'depositHeldLine' : 'depositToReserve', { deposit }), t('restInCash', { rest })];
}

/** "bkash" or "card": what holds the buyer's money (older card holds carry no method). */
export const holdMethod = (booking: Pick<Booking, 'method'>) => (booking.method === 'bkash' ? 'bkash' : 'card');
