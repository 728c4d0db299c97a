// Where a booking stands, as My Orders and My Buyers show it: a pill for the state, the
// hours a reservation has left, until when a buyer's card or bKash wallet holds the price
// (or the listing's deposit), how an ended booking ended (with the seller's reason), and
// beside the price, the deposit and the rest in cash when the listing asks a deposit.
import type { ReactNode } from 'react';
import { Pill } from '@/components/data-table.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { useNow } from '@/lib/deal-status.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import { DEPOSIT_SEPARATOR, depositOf } from '@/lib/payments/deposit.ts';
import { bookingsMessages } from './bookings.messages.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { withParts } from '@/lib/i18n/with-parts.tsx';
import { depositWords, endedWords, holdMethod, inLineWords, timeLeftWords } from './deal-words.ts';

/**
 * The price, and beneath it, when the listing asks a deposit, where the deposit stands and
 * the rest in cash: "Deposit ৳20,000 held · ৳1,65,000 in cash at the handover".
 */
export function PriceCell({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const parts = depositWords(booking, t, locale);
  if (!parts) return formatTaka(booking.price, locale);
  const [deposit, rest] = parts;
  return (
    <span className="flex flex-col gap-0.5 max-sm:items-end">
      <span>{formatTaka(booking.price, locale)}</span>
      {/* The deposit on one line, the rest in cash beneath it: the column stays narrow. */}
      <span data-testid="deposit-line" className="flex flex-col text-xs text-stone-600 max-sm:items-end max-sm:text-right">
        <span>{deposit}</span>
        <span className="sr-only">{DEPOSIT_SEPARATOR}</span>
        <span className="max-w-40 whitespace-normal">{rest}</span>
      </span>
    </span>
  );
}

/** The buyer's pill while their card or bKash wallet holds the listing's deposit. */
export const DEPOSIT_HELD = bookingsMessages.en.depositHeld;

/** "Reserved for you · 47 h left" (buyer) or "Reserved · 47 h left" (seller). */
export function ReservedPill({ booking, label }: { booking: Booking; label: string }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const left = timeLeftWords(booking.reservedUntil, useNow(), t, locale);
  return <Pill tone="amber">{left ? t('withTimeLeft', { label, left }) : label}</Pill>;
}

/** "In line · 2nd". */
export function InLinePill({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  return <Pill tone="sky">{inLineWords(booking, t, locale)}</Pill>;
}

const COLON = ': ';

/** "Declined: <reason>", "Released: <reason>", "Ran out", "Cancelled": wraps, since a reason may be long. */
export function EndedNote({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const { word, reason } = endedWords(booking, t);
  return (
    <span className="inline-block max-w-64 rounded-lg bg-stone-100 px-2.5 py-1 text-xs text-stone-700 max-sm:text-right">
      <strong className="font-semibold text-stone-900">{word}</strong>
      {reason !== null && COLON + reason}
    </span>
  );
}

/**
 * The buyer's card or bKash wallet holds the price: PAID for the buyer ("Deposit held" when
 * it holds only the listing's deposit), "Card held" or "bKash held" for the seller, and
 * when the hold is released by itself (in Dhaka's time) if nobody hands the bike over.
 */
export function HeldNote({ booking, side }: { booking: Booking; side: 'buyer' | 'seller' }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const until = booking.reservedUntil;
  const method = holdMethod(booking);
  return (
    <span className="flex max-w-56 flex-col items-start gap-1 max-sm:items-end max-sm:text-right">
      <Pill tone="green">{side === 'seller' ? t('held', { method }) : depositOf(booking) ? t('depositHeld') : t('paid')}</Pill>
      {until && (
        <span className="text-xs text-stone-600">
          {withParts(
            (values) =>
              side === 'buyer' ? t('buyerHoldEnds', { ...values, method }) : t('sellerHoldEnds', values),
            {
              time: (
                <time dateTime={until} className="whitespace-nowrap">
                  {dhakaTime(until, locale)}
                </time>
              ),
            },
          )}
        </span>
      )}
    </span>
  );
}

/** "Paying cash at the meet-up" or "Completed", in the page's language. */
function DealWord({ word, tone }: { word: 'payingCash' | 'completed'; tone: 'amber' | 'green' }) {
  const t = useT(bookingsMessages);
  return <Pill tone={tone}>{t(word)}</Pill>;
}

/**
 * A deal past its reservation: "Paying cash at the meet-up", a card or bKash hold (PAID
 * or "Card held"/"bKash held", until when), "Completed"; null otherwise.
 */
export function dealPill(booking: Booking, side: 'buyer' | 'seller' = 'buyer'): ReactNode {
  if (booking.status === 'completed') return <DealWord word="completed" tone="green" />;
  if (booking.status === 'cash') return <DealWord word="payingCash" tone="amber" />;
  if (booking.status === 'held') return <HeldNote booking={booking} side={side} />;
  return null;
}
