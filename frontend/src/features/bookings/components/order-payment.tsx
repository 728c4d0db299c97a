// My Orders' Payment cell: how the buyer pays, and the next step. Reserved for them: Pay
// Now (card) or Pay cash at the meet-up (not when the listing asks a deposit, which only a
// card or bKash holds); paying cash or held: the handover code to show at the meet-up; paid
// in full: PAID with where to meet; completed: how it was paid and the receipt; in line:
// when their turn comes.
import { Link } from 'react-router';
import { Pill } from '@/components/data-table.tsx';
import { useConfig } from '@/lib/config/get-config.ts';
import type { Booking } from '@/lib/api/types.ts';
import { hasEnded } from '@/lib/deal-status.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { depositOf } from '@/lib/payments/deposit.ts';
import { bookingsMessages } from './bookings.messages.ts';
import type { BookingsKey, BookingsT } from './deal-words.ts';
import { CashButton } from './cash-button.tsx';
import { HandoverCodeButton } from './handover-code-button.tsx';

const DASH = '—';
const COLON = ': ';
const none = <span className="text-stone-500">{DASH}</span>;

export const isSold = (booking: Booking) => booking.availability.toLowerCase() === 'sold';

const PAID_BY: Record<string, BookingsKey> = { cash: 'paidInCash', card: 'paidByCard', bkash: 'paidByBkash' };

const DEPOSIT_BY: Record<string, BookingsKey> = { card: 'depositByCardRest', bkash: 'depositByBkashRest' };

/** How a completed deal was paid: "Paid in cash", or "Deposit by card, the rest in cash". */
export function paidBy(booking: Pick<Booking, 'method' | 'price'>, t: BookingsT): string {
  const method = booking.method ?? '';
  const deposit = DEPOSIT_BY[method];
  if (deposit && depositOf(booking)) return t(deposit);
  const paid = PAID_BY[method];
  return t(paid ?? 'paidOther');
}

/** "View receipt", for a completed deal. */
export function ReceiptLink({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  return (
    <Link
      to={`/dashboard/receipts/${encodeURIComponent(booking._id)}`}
      className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
    >
      {t('viewReceipt')}
    </Link>
  );
}

export function OrderPayment({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  if (booking.status === 'completed') {
    return (
      <span className="flex flex-col items-start gap-1 text-sm text-stone-700 max-sm:items-end">
        {paidBy(booking, t)}
        <ReceiptLink booking={booking} />
      </span>
    );
  }
  if (booking.status === 'cash' || booking.status === 'held') return <HandoverCodeButton booking={booking} />;
  if (booking.paid) return <PaidNote booking={booking} />;
  // Another buyer paid first: this booking can no longer be paid, only cancelled.
  if (isSold(booking)) return <Pill tone="stone">{t('soldToAnother')}</Pill>;
  if (hasEnded(booking)) return none;
  if (booking.status === 'waiting') {
    return (
      <span className="block max-w-56 text-xs text-stone-600 max-sm:text-right">
        {t('nextInLine')}
      </span>
    );
  }
  // Only the buyer holding the bike chooses how to pay.
  if (booking.status !== 'reserved') return none;
  return (
    <span className="flex flex-col gap-3 max-sm:items-end">
      <CardPay booking={booking} />
      {/* Cash alone only where the seller takes it and asks no deposit. */}
      {!depositOf(booking) && booking.paymentMethods.includes('cash') && <CashButton booking={booking} />}
    </span>
  );
}

function CardPay({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const config = useConfig();
  if (config.data?.payments.provider === 'none') {
    return (
      <span className="flex max-w-56 flex-col gap-1 max-sm:items-end max-sm:text-right">
        <button
          type="button"
          disabled
          aria-describedby={`no-cards-${booking._id}`}
          className="w-fit cursor-not-allowed rounded-lg bg-stone-200 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-stone-500"
        >
          {t('payNow')}
        </button>
        <span id={`no-cards-${booking._id}`} className="text-xs text-stone-600">
          {t('noCards')}
        </span>
      </span>
    );
  }
  return (
    <Link
      to={`/dashboard/stripe-payment/${encodeURIComponent(booking._id)}`}
      className="inline-block w-fit rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800"
    >
      {t('payNow')}
    </Link>
  );
}

/** Paid in full by card: PAID, and the next step, meeting the seller to take the bike. */
function PaidNote({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  return (
    <span className="flex max-w-64 flex-col items-start gap-1 max-sm:items-end max-sm:text-right">
      <Pill tone="green">{t('paid')}</Pill>
      <span className="text-xs text-stone-700">
        {t('meetSeller', { seller: booking.sellerName, place: booking.meetingLocation })}
        {booking.sellerPhone && (
          <>
            {COLON}
            <a
              href={`tel:${booking.sellerPhone.replace(/[^\d+]/g, '')}`}
              className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
            >
              {booking.sellerPhone}
            </a>
          </>
        )}
      </span>
    </span>
  );
}
