// The buyer's bookings: Pay Now for an unsold bike, PAID once paid, and
// cancelling an unpaid booking. Live events keep the cached list current.
import { Link } from 'react-router';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useConfig } from '@/lib/config/get-config.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { cancelOrderMutation } from '@/features/orders/api/cancel-order.ts';
import { useOrders, type Order } from '@/lib/api/get-orders.ts';

export const CANCEL_PROMPT = 'Are you sure, You want to Cancel this product?';

const cancel = cancelOrderMutation();

const isSold = (order: Order) => order.availability.toLowerCase() === 'sold';

function Payment({ order }: { order: Order }) {
  const config = useConfig();
  if (order.paid) {
    // The next step: meet the seller and take the bike.
    return (
      <span className="flex max-w-64 flex-col items-start gap-1 max-sm:items-end max-sm:text-right">
        <Pill tone="green">PAID</Pill>
        <span className="text-xs text-stone-700">
          Meet {order.sellerName} at {order.meetingLocation}
          {order.sellerPhone && (
            <>
              {': '}
              <a
                href={`tel:${order.sellerPhone.replace(/[^\d+]/g, '')}`}
                className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
              >
                {order.sellerPhone}
              </a>
            </>
          )}
        </span>
      </span>
    );
  }
  // Another buyer paid first: this booking can no longer be paid, only cancelled.
  if (isSold(order)) return <Pill tone="stone">Sold to another buyer</Pill>;
  if (config.data?.payments.provider === 'none') {
    return (
      <span className="flex max-w-56 flex-col gap-1">
        <button
          type="button"
          disabled
          aria-describedby={`no-cards-${order._id}`}
          className="w-fit cursor-not-allowed rounded-lg bg-stone-200 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-stone-500"
        >
          Pay Now
        </button>
        <span id={`no-cards-${order._id}`} className="text-xs text-stone-600">
          Card payments are not set up on this marketplace yet. Pay the seller when you meet.
        </span>
      </span>
    );
  }
  return (
    <Link
      to={`/dashboard/stripe-payment/${encodeURIComponent(order._id)}`}
      className="inline-block rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800"
    >
      Pay Now
    </Link>
  );
}

const columns: Column<Order>[] = [
  indexColumn(),
  imageColumn((order) => order.productImage),
  { header: 'Name', rowHeader: true, cell: (order) => order.productName },
  { header: 'Price', className: 'tabular-nums whitespace-nowrap', cell: (order) => formatPrice(order.price) },
  {
    header: 'Status',
    cell: (order) => <Pill tone={isSold(order) ? 'red' : 'green'}>{order.availability}</Pill>,
  },
  { header: 'Payment', cell: (order) => <Payment order={order} /> },
  {
    header: 'Action',
    phone: 'action',
    cell: (order) =>
      // A paid booking is a sale: the server refuses to cancel it.
      order.paid ? (
        <span className="text-stone-400">—</span>
      ) : (
        <ConfirmButton
          mutation={cancel}
          variables={order}
          title={`Cancel your booking of ${order.productName}?`}
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

export function MyOrdersPage() {
  const { user } = useSession();
  return (
    <TablePage
      title="My Orders"
      query={useOrders(user?.email ?? '')}
      columns={columns}
      rowKey={(order) => order._id}
      emptyText="You have not booked any bike yet."
      loadingLabel="Loading your orders"
    />
  );
}
