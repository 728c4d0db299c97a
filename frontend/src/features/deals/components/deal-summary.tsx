// A deal at a glance, for the admin settling it: the bike, the price (with the deposit and
// the rest in cash, when the listing asked a deposit), both sides and how to reach the
// buyer, where it stands, how it is paid, and its meeting.
import type { ReactNode } from 'react';
import type { Booking } from '@/lib/api/types.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { depositLine } from '@/lib/payments/deposit.ts';
import { DealStatus, methodWords } from './deal-status.tsx';

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 sm:block">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="text-right wrap-anywhere text-stone-900 sm:mt-0.5 sm:text-left">{children}</dd>
    </div>
  );
}

/** Beneath a price: the deposit and the rest in cash, when the listing asked a deposit. */
export function DepositNote({ booking }: { booking: Booking }) {
  const line = depositLine(booking);
  if (!line) return null;
  return (
    <span data-testid="deposit-line" className="block text-sm whitespace-normal text-stone-600">
      {line}
    </span>
  );
}

export function DealSummary({ booking }: { booking: Booking }) {
  const meeting = booking.meeting ?? null;
  return (
    <dl className="grid divide-y divide-stone-100 sm:grid-cols-3 sm:gap-x-6 sm:gap-y-3 sm:divide-y-0">
      <Line term="Status">
        <DealStatus booking={booking} />
      </Line>
      <Line term="Price">
        <span className="tabular-nums">{formatPrice(booking.price)}</span>
        <DepositNote booking={booking} />
      </Line>
      <Line term="Method">{methodWords(booking.method)}</Line>
      <Line term="Buyer">
        {booking.buyerName}
        <span className="block text-sm text-stone-600">{booking.buyerEmail}</span>
        <a
          href={`tel:${booking.buyerPhone.replace(/[^\d+]/g, '')}`}
          className="block text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline"
        >
          {booking.buyerPhone}
        </a>
      </Line>
      <Line term="Seller">
        {booking.sellerName}
        {booking.sellerEmail && <span className="block text-sm text-stone-600">{booking.sellerEmail}</span>}
      </Line>
      <Line term="Booked">
        <time dateTime={booking.orderTime}>{formatDhakaTime(booking.orderTime)}</time>
      </Line>
      {meeting && (
        <Line term={meeting.agreed ? 'Meeting agreed' : 'Meeting proposed'}>
          {meeting.place}
          <time dateTime={meeting.at} className="block text-sm whitespace-nowrap text-stone-600">
            {formatDhakaTime(meeting.at)}
          </time>
        </Line>
      )}
    </dl>
  );
}
