// The seller's bookings: every booking of their bikes, newest first, with who booked,
// how to reach them, where they want to meet, and whether they have paid. Live events
// add a new booking at the top (highlighted) and change a row when it is paid or
// cancelled, so a seller learns of a booking the moment it is made.
import { useState } from 'react';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import type { Order } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { formatPostTime } from '@/utils/format-post-time.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { useSellerOrders } from '@/features/orders/api/get-seller-orders.ts';

function Status({ order }: { order: Order }) {
  if (order.status === 'paid') return <Pill tone="green">Paid</Pill>;
  if (order.status === 'cancelled') return <Pill tone="stone">Cancelled</Pill>;
  // Another buyer paid first: this booking can no longer become a sale.
  if (order.availability.toLowerCase() === 'sold') return <Pill tone="stone">Sold to another buyer</Pill>;
  return <Pill tone="sky">Booked</Pill>;
}

function Buyer({ order }: { order: Order }) {
  return (
    <span className="flex flex-col max-sm:items-end">
      <span className="font-medium text-stone-900">{order.buyerName}</span>
      <a
        href={`tel:${order.buyerPhone.replace(/[^\d+]/g, '')}`}
        className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
      >
        {order.buyerPhone}
      </a>
    </span>
  );
}

const columns: Column<Order>[] = [
  indexColumn(),
  imageColumn((order) => order.productImage),
  { header: 'Bike', rowHeader: true, cell: (order) => order.productName },
  { header: 'Price', className: 'tabular-nums whitespace-nowrap', cell: (order) => formatPrice(order.price) },
  { header: 'Buyer', cell: (order) => <Buyer order={order} /> },
  { header: 'Meeting place', cell: (order) => order.meetingLocation },
  {
    header: 'Booked',
    className: 'tabular-nums whitespace-nowrap',
    cell: (order) => <time dateTime={order.orderTime}>{formatPostTime(order.orderTime)}</time>,
  },
  { header: 'Status', cell: (order) => <Status order={order} /> },
];

export function MyBuyersPage() {
  const { user } = useSession();
  const query = useSellerOrders(user?.email ?? '');
  // The bookings the page opened with; any other arrived while it was open.
  const [initial, setInitial] = useState<ReadonlySet<string> | null>(null);
  if (initial === null && query.isSuccess) setInitial(new Set(query.data.map((order) => order._id)));
  const arrived = (order: Order) => (initial && !initial.has(order._id) ? 'booking-arrived' : '');

  return (
    <TablePage
      title="My Buyers"
      intro="A booking shows here the moment a buyer makes it. Call the buyer to agree on the meeting; the bike stays listed until someone pays."
      query={query}
      columns={columns}
      rowKey={(order) => order._id}
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
