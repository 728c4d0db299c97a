// The buyer's bookings and where each stands in its bike's line: reserved for them (the
// hours left, where to meet, Pay Now or cash at the meet-up), waiting in line (their place;
// nothing to pay until the bike is theirs), paying cash or their card or bKash holding the price
// (the handover code; until when the hold lasts), bought by card before holds existed,
// completed (the receipt), or how it ended. An open booking can be cancelled, a deal to be
// handed over (cash or card hold) called off. Live events keep the cached list current.
import { useMemo } from 'react';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { canMeet, hasEnded, isHandover, isOpen } from '@/lib/deal-status.ts';
import { cancelBookingMutation } from '@/features/bookings/api/cancel-booking.ts';
import { CallOffButton } from '@/features/bookings/components/call-off-button.tsx';
import { dealPill, EndedNote, InLinePill, PriceCell, ReservedPill } from '@/features/bookings/components/deal-labels.tsx';
import { MeetingPanel } from '@/features/bookings/components/meeting-panel.tsx';
import { isSold, OrderPayment } from '@/features/bookings/components/order-payment.tsx';
import { useBookings, type Booking } from '@/lib/api/get-bookings.ts';
import { useBkashReturnToast } from '@/features/bookings/components/bkash-return-toast.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { bookingsPagesMessages } from './bookings-pages.messages.ts';

export const CANCEL_PROMPT = bookingsPagesMessages.en.cancelPrompt;

const cancel = cancelBookingMutation();

const DASH = '—';
const none = <span className="text-stone-500">{DASH}</span>;

/** Where the booking stands: reserved for the buyer (hours left), in line, a deal under way or done, or ended. */
function Status({ booking }: { booking: Booking }) {
  const t = useT(bookingsPagesMessages);
  const deal = dealPill(booking, 'buyer');
  if (deal) return deal;
  // Bought by card before holds existed: the Payment column says PAID, with the next step.
  if (booking.paid || booking.status === 'paid') return <Pill tone="green">{t('boughtByYou')}</Pill>;
  if (hasEnded(booking)) return <EndedNote booking={booking} />;
  if (isSold(booking)) return <Pill tone="red">{t('sold')}</Pill>;
  if (booking.status === 'reserved') return <ReservedPill booking={booking} label={t('reservedForYou')} />;
  if (booking.status === 'waiting') return <InLinePill booking={booking} />;
  return <Pill tone="sky">{t('inProgress')}</Pill>;
}

/** Cancel an open booking, or call off a deal before the handover (cash, or a card hold). */
function Action({ booking }: { booking: Booking }) {
  const t = useT(bookingsPagesMessages);
  if (isHandover(booking)) return <CallOffButton booking={booking} side="buyer" />;
  // Only an open booking can be cancelled: a paid one is a sale, an ended one is over.
  if (!isOpen(booking) || booking.paid) return none;
  return (
    <ConfirmButton
      mutation={cancel}
      variables={booking}
      title={t('cancelTitle', { bike: booking.productName })}
      prompt={t('cancelPrompt')}
      confirmLabel={t('cancelBooking')}
      cancelLabel={t('keepBooking')}
      success={t('orderCanceled')}
      busyLabel={t('cancelling')}
      tone="danger"
    >
      {t('cancel')}
    </ConfirmButton>
  );
}

type PagesT = ReturnType<typeof useT<keyof typeof bookingsPagesMessages.en>>;

const columnsIn = (t: PagesT): Column<Booking>[] => [
  indexColumn(),
  imageColumn((booking) => booking.productImage),
  { header: t('name'), rowHeader: true, cell: (booking) => booking.productName },
  { header: t('price'), className: 'tabular-nums whitespace-nowrap', cell: (booking) => <PriceCell booking={booking} /> },
  { header: t('status'), cell: (booking) => <Status booking={booking} /> },
  // Unlabelled on a phone: the meeting says what it is, and its buttons need the card's width.
  {
    header: t('meeting'),
    phone: 'unlabelled',
    cell: (booking) =>
      canMeet(booking) ? <MeetingPanel booking={booking} side="buyer" /> : <span className="text-stone-500 max-sm:hidden">{DASH}</span>,
  },
  { header: t('payment'), phone: 'unlabelled', cell: (booking) => <OrderPayment booking={booking} /> },
  { header: t('action'), phone: 'action', cell: (booking) => <Action booking={booking} /> },
];

export function MyBookingsPage() {
  const t = useT(bookingsPagesMessages);
  const columns = useMemo(() => columnsIn(t), [t]);
  const { user } = useSession();
  // Back from bKash (`?bkash=held`): a toast says the price is now held.
  useBkashReturnToast();
  return (
    <TablePage
      title={t('myOrders')}
      query={useBookings(user?.email ?? '')}
      columns={columns}
      rowKey={(booking) => booking._id}
      emptyText={t('noOrders')}
      loadingLabel={t('loadingOrders')}
    />
  );
}
