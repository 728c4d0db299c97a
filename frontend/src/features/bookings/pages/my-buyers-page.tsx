// The seller's bookings: every booking of their bikes, newest first, with who booked,
// how to reach them (the bike's conversations, too), where and when to meet, and where
// each booking stands in its bike's line: the buyer holding the bike (Release), those
// waiting (Decline), a cash deal or one whose buyer's card holds the price (the buyer's
// handover code, Call off), completed (the receipt), paid (by card, before holds
// existed) or ended. Live events add a new booking at the top (highlighted) and change
// a row as it moves along, so a seller learns of a booking the moment it is made.
import { useMemo, useState } from 'react';
import { BikeMessagesLink } from '@/components/bike-messages-link.tsx';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { canMeet, hasEnded, isHandover } from '@/lib/deal-status.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatPostTime } from '@/lib/i18n/dates.ts';
import { useSellerBookings } from '@/features/bookings/api/get-seller-bookings.ts';
import type { BookingAnswer } from '@/features/bookings/api/answer-booking.ts';
import { AnswerBookingDialog } from '@/features/bookings/components/answer-booking-dialog.tsx';
import { CallOffButton } from '@/features/bookings/components/call-off-button.tsx';
import { dealPill, EndedNote, InLinePill, PriceCell, ReservedPill } from '@/features/bookings/components/deal-labels.tsx';
import { HandoverButton } from '@/features/bookings/components/handover-dialog.tsx';
import { MeetingPanel } from '@/features/bookings/components/meeting-panel.tsx';
import { isSold, ReceiptLink } from '@/features/bookings/components/order-payment.tsx';
import { withParts } from '@/lib/i18n/with-parts.tsx';
import { bookingsPagesMessages } from './bookings-pages.messages.ts';

type PagesT = ReturnType<typeof useT<keyof typeof bookingsPagesMessages.en>>;

const DASH = '—';

function Status({ booking }: { booking: Booking }) {
  const t = useT(bookingsPagesMessages);
  const deal = dealPill(booking, 'seller');
  if (deal) return deal;
  if (booking.status === 'paid') return <Pill tone="green">{t('paid')}</Pill>;
  if (hasEnded(booking)) return <EndedNote booking={booking} />;
  // Another buyer paid first: this booking can no longer become a sale.
  if (isSold(booking)) return <Pill tone="stone">{t('soldToAnother')}</Pill>;
  if (booking.status === 'reserved') return <ReservedPill booking={booking} label={t('reserved')} />;
  if (booking.status === 'waiting') return <InLinePill booking={booking} />;
  return <Pill tone="sky">{t('inProgress')}</Pill>;
}

/** Release (a reservation) or Decline (a booking in line); the handover or Call off (a deal); the receipt. */
function Action({ booking }: { booking: Booking }) {
  if (booking.status === 'completed') return <ReceiptLink booking={booking} />;
  if (isHandover(booking)) {
    return (
      <span className="flex flex-col items-end gap-2 sm:items-start">
        <HandoverButton booking={booking} />
        <CallOffButton booking={booking} side="seller" />
      </span>
    );
  }
  return <AnswerButton booking={booking} />;
}

/** Release (a reservation) or Decline (a booking in line): asks for the reason first. */
function AnswerButton({ booking }: { booking: Booking }) {
  const t = useT(bookingsPagesMessages);
  const [open, setOpen] = useState(false);
  const answer: BookingAnswer | null =
    isSold(booking) ? null : booking.status === 'reserved' ? 'release' : booking.status === 'waiting' ? 'decline' : null;
  if (!answer) return <span className="text-stone-500">{DASH}</span>;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        className="rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-red-700 shadow-sm hover:bg-red-50"
      >
        {answer === 'release' ? t('release') : t('decline')}
      </button>
      {open && (
        <AnswerBookingDialog
          answer={answer}
          booking={booking}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function Buyer({ booking }: { booking: Booking }) {
  const t = useT(bookingsPagesMessages);
  const { locale } = useLanguage();
  return (
    <span className="flex flex-col max-sm:items-end">
      <span className="font-medium text-stone-900">{booking.buyerName}</span>
      <a
        href={`tel:${booking.buyerPhone.replace(/[^\d+]/g, '')}`}
        className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
      >
        {booking.buyerPhone}
      </a>
      <span className="text-xs text-stone-500 tabular-nums">
        {withParts((values) => t('booked', values), {
          time: <time dateTime={booking.orderTime}>{formatPostTime(booking.orderTime, locale)}</time>,
        })}
      </span>
      <span className="mt-1.5">
        <BikeMessagesLink productId={booking.bookingId} productName={booking.productName} />
      </span>
    </span>
  );
}

const columnsIn = (t: PagesT): Column<Booking>[] => [
  indexColumn(),
  imageColumn((booking) => booking.productImage),
  { header: t('bike'), rowHeader: true, cell: (booking) => booking.productName },
  { header: t('price'), className: 'tabular-nums whitespace-nowrap', cell: (booking) => <PriceCell booking={booking} /> },
  { header: t('buyer'), cell: (booking) => <Buyer booking={booking} /> },
  {
    header: t('meeting'),
    // The deal's meeting; before a deal, the place the buyer asked for when booking.
    phone: 'unlabelled',
    cell: (booking) =>
      canMeet(booking) ? (
        <MeetingPanel booking={booking} side="seller" />
      ) : (
        <span className="text-stone-700">
          <span className="sm:hidden">{t('meetAt')}</span>
          {booking.meetingLocation}
        </span>
      ),
  },
  { header: t('status'), cell: (booking) => <Status booking={booking} /> },
  { header: t('action'), phone: 'action', cell: (booking) => <Action booking={booking} /> },
];

export function MyBuyersPage() {
  const t = useT(bookingsPagesMessages);
  const columns = useMemo(() => columnsIn(t), [t]);
  const { user } = useSession();
  const query = useSellerBookings(user?.email ?? '');
  // The bookings the page opened with; any other arrived while it was open.
  const [initial, setInitial] = useState<ReadonlySet<string> | null>(null);
  if (initial === null && query.isSuccess) setInitial(new Set(query.data.map((booking) => booking._id)));
  const arrived = (booking: Booking) => (initial && !initial.has(booking._id) ? 'booking-arrived' : '');

  return (
    <TablePage
      title={t('myBuyers')}
      intro={t('myBuyersIntro')}
      query={query}
      columns={columns}
      rowKey={(booking) => booking._id}
      rowClassName={arrived}
      emptyText={t('noBookings')}
      emptyExtra={
        <p className="mt-2 text-sm text-stone-600">
          {t('noBookingsMore')}
        </p>
      }
      loadingLabel={t('loadingBookings')}
    />
  );
}
