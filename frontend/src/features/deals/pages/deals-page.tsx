// The admin's deals (/dashboard/deals): the latest 200, newest first, every status or the
// one its chip picks (kept in the address, so a filtered list can be shared), each with
// its bike, both sides, where it stands, how it is paid, the price (and the deposit, when
// the listing asked one), when, and a link to its timeline. Every step of every deal moves its row live.
import { Link, useSearchParams } from 'react-router';
import { DataTable, imageColumn, indexColumn, type Column } from '@/components/data-table.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { useDealUpdates } from '@/features/deals/api/deal-updates.ts';
import { DEAL_FILTERS, dealFilterOf, useDeals, type DealFilter } from '@/features/deals/api/get-deals.ts';
import { DealStatus, methodWords } from '@/features/deals/components/deal-status.tsx';
import { DepositNote } from '@/features/deals/components/deal-summary.tsx';
import { StatusFilter } from '@/features/deals/components/status-filter.tsx';

export const DEALS_INTRO = 'Every booking that held its bike, newest first. Open a deal to read its timeline and settle it.';

function When({ booking }: { booking: Booking }) {
  const [word, at] = booking.completedAt ? ['Completed', booking.completedAt] : ['Booked', booking.orderTime];
  return (
    <span>
      <span className="text-stone-500 sm:block sm:text-xs">{word} </span>
      <time dateTime={at} className="whitespace-nowrap">
        {formatDhakaTime(at)}
      </time>
    </span>
  );
}

const columns: Column<Booking>[] = [
  indexColumn(),
  imageColumn((booking) => booking.productImage),
  { header: 'Bike', rowHeader: true, cell: (booking) => booking.productName },
  { header: 'Buyer', cell: (booking) => booking.buyerName },
  { header: 'Seller', cell: (booking) => booking.sellerName },
  { header: 'Status', cell: (booking) => <DealStatus booking={booking} /> },
  { header: 'Method', cell: (booking) => methodWords(booking.method) },
  {
    header: 'Price',
    className: 'tabular-nums whitespace-nowrap',
    cell: (booking) => (
      <span className="inline-block max-w-44 max-sm:text-right">
        {formatPrice(booking.price)}
        <DepositNote booking={booking} />
      </span>
    ),
  },
  { header: 'When', cell: (booking) => <When booking={booking} /> },
  {
    header: 'Timeline',
    phone: 'action',
    cell: (booking) => (
      <Link
        to={`/dashboard/deals/${encodeURIComponent(booking._id)}`}
        className="inline-block rounded-lg border border-brand-200 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-700 shadow-sm hover:bg-brand-50"
      >
        Timeline
      </Link>
    ),
  },
];

function emptyText(status: DealFilter): string {
  if (!status) return 'No deals yet: a booking shows here once it holds its bike.';
  const label = DEAL_FILTERS.find((filter) => filter.status === status)?.label ?? status;
  return `No deals are ${label.toLowerCase()} right now.`;
}

export function DealsPage() {
  const [params, setParams] = useSearchParams();
  const status = dealFilterOf(params.get('status'));
  const deals = useDeals(status);
  useDealUpdates();
  return (
    <section aria-labelledby="deals-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="deals-title" className="text-2xl font-bold text-stone-900">
          Deals
        </h2>
        {deals.isSuccess && deals.data.length > 0 && (
          <p className="text-sm text-stone-600">
            {deals.data.length} {deals.data.length === 1 ? 'deal' : 'deals'}
          </p>
        )}
      </div>
      <p className="mb-4 text-sm text-stone-600">{DEALS_INTRO}</p>
      <StatusFilter
        value={status}
        onChange={(next) => {
          setParams(next ? { status: next } : {}, { replace: true });
        }}
      />
      {deals.isPending ? (
        <PageSpinner label="Loading deals" />
      ) : deals.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {deals.error.message}
        </p>
      ) : deals.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-10 text-center text-lg text-stone-600 shadow-sm ring-1 ring-stone-200">
          {emptyText(status)}
        </p>
      ) : (
        <DataTable caption="Deals" columns={columns} rows={deals.data} rowKey={(booking) => booking._id} />
      )}
    </section>
  );
}
