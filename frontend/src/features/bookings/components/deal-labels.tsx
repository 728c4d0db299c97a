// Where a booking stands, as My Orders and My Buyers show it: a pill for the state, the
// hours a reservation has left, until when a buyer's card or bKash wallet holds the price
// (or the listing's deposit), how an ended booking ended (with the seller's reason), and
// beside the price, the deposit and the rest in cash when the listing asks a deposit.
import type { ReactNode } from 'react';
import { Pill } from '@/components/data-table.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { COMPLETED, endedLabel, inLineLabel, PAYING_CASH, timeLeft, useNow } from '@/lib/deal-status.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { DEPOSIT_SEPARATOR, depositOf, depositParts } from '@/lib/payments/deposit.ts';
import { holdWords } from '@/lib/payments/hold-words.ts';

/**
 * The price, and beneath it, when the listing asks a deposit, where the deposit stands and
 * the rest in cash: "Deposit ৳20,000 held · ৳1,65,000 in cash at the handover".
 */
export function PriceCell({ booking }: { booking: Booking }) {
  const parts = depositParts(booking);
  if (!parts) return formatPrice(booking.price);
  const [deposit, rest] = parts;
  return (
    <span className="flex flex-col gap-0.5 max-sm:items-end">
      <span>{formatPrice(booking.price)}</span>
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
export const DEPOSIT_HELD = 'Deposit held';

/** "Reserved for you · 47 h left" (buyer) or "Reserved · 47 h left" (seller). */
export function ReservedPill({ booking, label }: { booking: Booking; label: string }) {
  const left = timeLeft(booking.reservedUntil, useNow());
  return <Pill tone="amber">{left ? `${label} · ${left}` : label}</Pill>;
}

/** "In line · 2nd". */
export function InLinePill({ booking }: { booking: Booking }) {
  return <Pill tone="sky">{inLineLabel(booking)}</Pill>;
}

/** "Declined: <reason>", "Released: <reason>", "Ran out", "Cancelled": wraps, since a reason may be long. */
export function EndedNote({ booking }: { booking: Booking }) {
  const [word, ...reason] = endedLabel(booking).split(': ');
  return (
    <span className="inline-block max-w-64 rounded-lg bg-stone-100 px-2.5 py-1 text-xs text-stone-700 max-sm:text-right">
      <strong className="font-semibold text-stone-900">{word}</strong>
      {reason.length > 0 && `: ${reason.join(': ')}`}
    </span>
  );
}

/**
 * The buyer's card or bKash wallet holds the price: PAID for the buyer ("Deposit held" when
 * it holds only the listing's deposit), "Card held" or "bKash held" for the seller, and
 * when the hold is released by itself (in Dhaka's time) if nobody hands the bike over.
 */
export function HeldNote({ booking, side }: { booking: Booking; side: 'buyer' | 'seller' }) {
  const until = booking.reservedUntil;
  const words = holdWords(booking);
  return (
    <span className="flex max-w-56 flex-col items-start gap-1 max-sm:items-end max-sm:text-right">
      <Pill tone="green">{side === 'seller' ? words.held : depositOf(booking) ? DEPOSIT_HELD : 'PAID'}</Pill>
      {until && (
        <span className="text-xs text-stone-600">
          {side === 'buyer' ? `${words.name} hold released by itself on ` : 'Released by itself on '}
          <time dateTime={until} className="whitespace-nowrap">
            {formatDhakaTime(until)}
          </time>
          {side === 'seller' && ' if not handed over'}
        </span>
      )}
    </span>
  );
}

/**
 * A deal past its reservation: "Paying cash at the meet-up", a card or bKash hold (PAID
 * or "Card held"/"bKash held", until when), "Completed"; null otherwise.
 */
export function dealPill(booking: Booking, side: 'buyer' | 'seller' = 'buyer'): ReactNode {
  if (booking.status === 'completed') return <Pill tone="green">{COMPLETED}</Pill>;
  if (booking.status === 'cash') return <Pill tone="amber">{PAYING_CASH}</Pill>;
  if (booking.status === 'held') return <HeldNote booking={booking} side={side} />;
  return null;
}
