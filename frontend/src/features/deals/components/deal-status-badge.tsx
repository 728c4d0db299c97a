// Where a deal stands, in the words My Orders and My Buyers use (src/lib/deal-status.ts):
// a reservation's hours left, paying cash, a hold, completed, or how it ended and why.
import { Pill } from '@/components/data-table.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { translate } from '@/lib/i18n/catalog.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, type Locale } from '@/lib/i18n/numbers.ts';
import { hasEnded, useNow } from '@/lib/deal-status.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';
import { statusWords } from './step-words.ts';

const HOUR = 60 * 60 * 1000;

/** "47 h left", "under 1 h left", or null once the time is up (or unknown). */
function timeLeft(reservedUntil: string | null | undefined, now: number, locale: Locale): string | null {
  if (!reservedUntil) return null;
  const left = Date.parse(reservedUntil) - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  if (left < HOUR) return translate(dealsMessages, locale, 'underAnHourLeft');
  return translate(dealsMessages, locale, 'hoursLeft', { hours: formatNumber(Math.floor(left / HOUR), locale) });
}

function Reserved({ booking }: { booking: Booking }) {
  const t = useT(dealsMessages);
  const { locale } = useLanguage();
  const left = timeLeft(booking.reservedUntil, useNow(), locale);
  return <Pill tone="amber">{left ? t('reservedLeft', { left }) : t('reserved')}</Pill>;
}

/** How a booking that ended reads: its word ("Released", "Called off by the buyer"), and why. */
function endedWord(booking: Booking, locale: Locale): string {
  switch (booking.status) {
    case 'declined':
      return translate(dealsMessages, locale, 'declined');
    case 'released':
      return translate(dealsMessages, locale, 'released');
    case 'lapsed':
      return translate(dealsMessages, locale, 'ranOut');
    case 'called_off':
      return booking.calledOffBy
        ? translate(dealsMessages, locale, 'calledOffBy', { by: booking.calledOffBy })
        : translate(dealsMessages, locale, 'calledOff');
    default:
      return translate(dealsMessages, locale, 'cancelled');
  }
}

/** Only these say why they ended. */
const WITH_REASON: ReadonlySet<string> = new Set(['declined', 'released', 'called_off']);

/** "Released: <reason>", "Called off by the buyer: <reason>": wraps, since a reason may be long. */
function Ended({ booking }: { booking: Booking }) {
  const { locale } = useLanguage();
  const reason = WITH_REASON.has(booking.status) && booking.reason ? `: ${booking.reason}` : null;
  return (
    <span className="inline-block max-w-64 rounded-lg bg-stone-100 px-2.5 py-1 text-xs text-stone-700 max-sm:text-right">
      <strong className="font-semibold text-stone-900">{endedWord(booking, locale)}</strong>
      {reason}
    </span>
  );
}

export function DealStatus({ booking }: { booking: Booking }) {
  const { locale } = useLanguage();
  if (booking.status === 'reserved') return <Reserved booking={booking} />;
  if (hasEnded(booking)) return <Ended booking={booking} />;
  const words = statusWords(booking.status, booking.method, locale);
  if (booking.status === 'cash') return <Pill tone="amber">{words}</Pill>;
  if (booking.status === 'held' || booking.status === 'completed') return <Pill tone="green">{words}</Pill>;
  return <Pill tone="stone">{words}</Pill>;
}

const METHODS = { cash: 'cash', card: 'card', bkash: 'bkash' } as const;

/** How the buyer pays: Cash, Card, bKash, or not chosen yet. */
export function methodWords(method: string | null | undefined, locale: Locale = 'en'): string {
  if (!method) return translate(dealsMessages, locale, 'notChosen');
  const key = (METHODS as Record<string, keyof typeof METHODS | undefined>)[method];
  return key ? translate(dealsMessages, locale, key) : method;
}
