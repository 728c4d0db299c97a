// A deal at a glance, for the admin settling it: the bike, the price (with the deposit and
// the rest in cash, when the listing asked a deposit), both sides and how to reach the
// buyer, where it stands, how it is paid, and its meeting.
import type { ReactNode } from 'react';
import type { Booking } from '@/lib/api/types.ts';
import { translate } from '@/lib/i18n/catalog.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka, type Locale } from '@/lib/i18n/numbers.ts';
import { hasEnded } from '@/lib/deal-status.ts';
import { DEPOSIT_SEPARATOR, depositOf } from '@/lib/payments/deposit.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { DealStatus, methodWords } from './deal-status-badge.tsx';

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 sm:block">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="text-right wrap-anywhere text-stone-900 sm:mt-0.5 sm:text-left">{children}</dd>
    </div>
  );
}

/**
 * Where a booking's deposit stands, in one line (`depositLine`'s words in English): "Deposit
 * ৳20,000 to reserve · ৳1,65,000 in cash at the handover", "held", "paid"; null without a
 * deposit, or once the booking ended.
 */
function depositLine(booking: Booking, locale: Locale): string | null {
  const split = depositOf(booking);
  if (!split || hasEnded(booking)) return null;
  const deposit = { amount: formatTaka(split.deposit, locale) };
  const rest = { amount: formatTaka(split.inCash, locale) };
  const say = (key: keyof typeof dealsMessages.en, values: { amount: string }) =>
    translate(dealsMessages, locale, key, values);
  const parts =
    booking.status === 'completed'
      ? [say('depositPaid', deposit), say('restPaidInCash', rest)]
      : [say(booking.status === 'held' ? 'depositHeld' : 'depositToReserve', deposit), say('restAtHandover', rest)];
  return parts.join(DEPOSIT_SEPARATOR);
}

/** Beneath a price: the deposit and the rest in cash, when the listing asked a deposit. */
export function DepositNote({ booking }: { booking: Booking }) {
  const { locale } = useLanguage();
  const line = depositLine(booking, locale);
  if (!line) return null;
  return (
    <span data-testid="deposit-line" className="block text-sm whitespace-normal text-stone-600">
      {line}
    </span>
  );
}

export function DealSummary({ booking }: { booking: Booking }) {
  const t = useT(dealsMessages);
  const { locale } = useLanguage();
  const meeting = booking.meeting ?? null;
  return (
    <dl className="grid divide-y divide-stone-100 sm:grid-cols-3 sm:gap-x-6 sm:gap-y-3 sm:divide-y-0">
      <Line term={t('colStatus')}>
        <DealStatus booking={booking} />
      </Line>
      <Line term={t('colPrice')}>
        <span className="tabular-nums">{formatTaka(booking.price, locale)}</span>
        <DepositNote booking={booking} />
      </Line>
      <Line term={t('colMethod')}>{methodWords(booking.method, locale)}</Line>
      <Line term={t('colBuyer')}>
        {booking.buyerName}
        <span className="block text-sm text-stone-600">{booking.buyerEmail}</span>
        <a
          href={`tel:${booking.buyerPhone.replace(/[^\d+]/g, '')}`}
          className="block text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline"
        >
          {booking.buyerPhone}
        </a>
      </Line>
      <Line term={t('colSeller')}>
        {booking.sellerName}
        {booking.sellerEmail && <span className="block text-sm text-stone-600">{booking.sellerEmail}</span>}
      </Line>
      <Line term={t('booked')}>
        <time dateTime={booking.orderTime}>{dhakaTime(booking.orderTime, locale)}</time>
      </Line>
      {meeting && (
        <Line term={t(meeting.agreed ? 'meetingAgreed' : 'meetingProposed')}>
          {meeting.place}
          <time dateTime={meeting.at} className="block text-sm whitespace-nowrap text-stone-600">
            {dhakaTime(meeting.at, locale)}
          </time>
        </Line>
      )}
    </dl>
  );
}
