// The buyer's bookings and where each stands in its bike's line: reserved for them (the
// hours left, Pay Now), waiting in line (their place; no Pay Now until the bike is
// theirs), PAID with the next step, or how it ended. An open booking can be cancelled.
// Live events keep the cached list current.
import { Link } from 'react-router';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useConfig } from '@/lib/config/get-config.ts';
import { canMeet, hasEnded, isOpen } from '@/lib/deal-status.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { cancelBookingMutation } from '@/features/bookings/api/cancel-booking.ts';
import { EndedNote, InLinePill, ReservedPill } from '@/features/bookings/components/deal-labels.tsx';
import { MeetingPanel } from '@/features/bookings/components/meeting-panel.tsx';
import { useBookings, type Booking } from '@/lib/api/get-bookings.ts';

export const CANCEL_PROMPT = 'Are you sure, You want to Cancel this product?';

const cancel = cancelBookingMutation();

const isSold = (booking: Booking) => booking.availability.toLowerCase() === 'sold';

/** Where the booking stands: reserved for the buyer (hours left), in line, paid, or ended. */
function Status({ booking }: { booking: Booking }) {
  // The Payment column says PAID, with the next step.
  if (booking.paid || booking.status === 'paid') return <Pill tone="green">Bought by you</Pill>;
  if (hasEnded(booking)) return <EndedNote booking={booking} />;
  if (isSold(booking)) return <Pill tone="red">Sold</Pill>;
  if (booking.status === 'reserved') return <ReservedPill booking={booking} label="Reserved for you" />;
  if (booking.status === 'waiting') return <InLinePill booking={booking} />;
  return <Pill tone="sky">In progress</Pill>;
}

function Payment({ booking }: { booking: Booking }) {
  const config = useConfig();
  if (booking.paid) {
    // The next step: meet the seller and take the bike.
    return (
      <span className="flex max-w-64 flex-col items-start gap-1 max-sm:items-end max-sm:text-right">
        <Pill tone="green">PAID</Pill>
        <span className="text-xs text-stone-700">
          Meet {booking.sellerName} at {booking.meetingLocation}
          {booking.sellerPhone && (
            <>
              {': '}
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
  // Another buyer paid first: this booking can no longer be paid, only cancelled.
  if (isSold(booking)) return <Pill tone="stone">Sold to another buyer</Pill>;
  if (hasEnded(booking)) return <span className="text-stone-400">—</span>;
  if (booking.status === 'waiting') {
    return (
      <span className="block max-w-56 text-xs text-stone-600 max-sm:text-right">
        You are next when the reservation ahead of you ends. We&rsquo;ll tell you the moment it&rsquo;s yours.
      </span>
    );
  }
  // Only the buyer holding the bike pays; later steps (cash, a hold) are not paid here.
  if (booking.status !== 'reserved') return <span className="text-stone-400">—</span>;
  if (config.data?.payments.provider === 'none') {
    return (
      <span className="flex max-w-56 flex-col gap-1">
        <button
          type="button"
          disabled
          aria-describedby={`no-cards-${booking._id}`}
          className="w-fit cursor-not-allowed rounded-lg bg-stone-200 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-stone-500"
        >
          Pay Now
        </button>
        <span id={`no-cards-${booking._id}`} className="text-xs text-stone-600">
          Card payments are not set up on this marketplace yet. Pay the seller when you meet.
        </span>
      </span>
    );
  }
  return (
    <Link
      to={`/dashboard/stripe-payment/${encodeURIComponent(booking._id)}`}
      className="inline-block rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800"
    >
      Pay Now
    </Link>
  );
}

const columns: Column<Booking>[] = [
  indexColumn(),
  imageColumn((booking) => booking.productImage),
  { header: 'Name', rowHeader: true, cell: (booking) => booking.productName },
  { header: 'Price', className: 'tabular-nums whitespace-nowrap', cell: (booking) => formatPrice(booking.price) },
  { header: 'Status', cell: (booking) => <Status booking={booking} /> },
  {
    header: 'Meeting',
    cell: (booking) => (canMeet(booking) ? <MeetingPanel booking={booking} side="buyer" /> : <span className="text-stone-400">—</span>),
  },
  { header: 'Payment', cell: (booking) => <Payment booking={booking} /> },
  {
    header: 'Action',
    phone: 'action',
    cell: (booking) =>
      // Only an open booking can be cancelled: a paid one is a sale, an ended one is over.
      !isOpen(booking) || booking.paid ? (
        <span className="text-stone-400">—</span>
      ) : (
        <ConfirmButton
          mutation={cancel}
          variables={booking}
          title={`Cancel your booking of ${booking.productName}?`}
          prompt={CANCEL_PROMPT}
          confirmLabel="Cancel booking"
          cancelLabel="Keep booking"
          success="Order Canceled Successfully"
          busyLabel="Cancelling…"
          tone="danger"
        >
          Cancel
        </ConfirmButton>
      ),
  },
];

export function MyBookingsPage() {
  const { user } = useSession();
  return (
    <TablePage
      title="My Orders"
      query={useBookings(user?.email ?? '')}
      columns={columns}
      rowKey={(booking) => booking._id}
      emptyText="You have not booked any bike yet."
      loadingLabel="Loading your orders"
    />
  );
}
