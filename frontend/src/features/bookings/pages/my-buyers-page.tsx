// The seller's bookings: every booking of their bikes, newest first, with who booked,
// how to reach them, where they want to meet, and whether they have paid. Live events
// add a new booking at the top (highlighted) and change a row when it is paid or
// cancelled, so a seller learns of a booking the moment it is made.
import { useState } from 'react';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { formatPostTime } from '@/utils/format-post-time.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { useSellerBookings } from '@/features/bookings/api/get-seller-bookings.ts';

function Status({ booking }: { booking: Booking }) {
  if (booking.status === 'paid') return <Pill tone="green">Paid</Pill>;
  if (booking.status === 'cancelled') return <Pill tone="stone">Cancelled</Pill>;
  // Another buyer paid first: this booking can no longer become a sale.
  if (booking.availability.toLowerCase() === 'sold') return <Pill tone="stone">Sold to another buyer</Pill>;
  return <Pill tone="sky">Booked</Pill>;
}

function Buyer({ booking }: { booking: Booking }) {
  return (
    <span className="flex flex-col max-sm:items-end">
      <span className="font-medium text-stone-900">{booking.buyerName}</span>
      <a
        href={`tel:${booking.buyerPhone.replace(/[^\d+]/g, '')}`}
        className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
      >
        {booking.buyerPhone}
      </a>
    </span>
  );
}

const columns: Column<Booking>[] = [
  indexColumn(),
  imageColumn((booking) => booking.productImage),
  { header: 'Bike', rowHeader: true, cell: (booking) => booking.productName },
  { header: 'Price', className: 'tabular-nums whitespace-nowrap', cell: (booking) => formatPrice(booking.price) },
  { header: 'Buyer', cell: (booking) => <Buyer booking={booking} /> },
  { header: 'Meeting place', cell: (booking) => booking.meetingLocation },
  {
    header: 'Booked',
    className: 'tabular-nums whitespace-nowrap',
    cell: (booking) => <time dateTime={booking.orderTime}>{formatPostTime(booking.orderTime)}</time>,
  },
  { header: 'Status', cell: (booking) => <Status booking={booking} /> },
];

export function MyBuyersPage() {
  const { user } = useSession();
  const query = useSellerBookings(user?.email ?? '');
  // The bookings the page opened with; any other arrived while it was open.
  const [initial, setInitial] = useState<ReadonlySet<string> | null>(null);
  if (initial === null && query.isSuccess) setInitial(new Set(query.data.map((booking) => booking._id)));
  const arrived = (booking: Booking) => (initial && !initial.has(booking._id) ? 'booking-arrived' : '');

  return (
    <TablePage
      title="My Buyers"
      intro="A booking shows here the moment a buyer makes it. Call the buyer to agree on the meeting; the bike stays listed until someone pays."
      query={query}
      columns={columns}
      rowKey={(booking) => booking._id}
      rowClassName={arrived}
      emptyText="No bookings yet."
      emptyExtra={
        <p className="mt-2 text-sm text-stone-600">
          When a buyer books one of your bikes, it appears here at once with their phone number and meeting place.
        </p>
      }
      loadingLabel="Loading your bookings"
    />
  );
}
