// The admin's deals (/dashboard/deals): the latest 200, newest first, every status or the
// one its chip picks (kept in the address, so a filtered list can be shared), each with
// its bike, both sides, where it stands, how it is paid, the price (and the deposit, when
// the listing asked one), when, and a link to its timeline. Every step of every deal moves its row live.
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, imageColumn, indexColumn, type Column } from '@/components/data-table.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, formatTaka, type Locale } from '@/lib/i18n/numbers.ts';
import { useDealUpdates } from '@/features/deals/api/deal-updates.ts';
import { DEAL_FILTERS, dealFilterOf, useDeals, type DealFilter } from '@/features/deals/api/get-deals.ts';
import { DealStatus, methodWords } from '@/features/deals/components/deal-status-badge.tsx';
import { DepositNote } from '@/features/deals/components/deal-summary.tsx';
import { StatusFilter } from '@/features/deals/components/status-filter.tsx';
import { dealsMessages } from '@/features/deals/deals.messages.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';

type T = ReturnType<typeof useT<keyof typeof dealsMessages.en>>;

/** Between the word and the time: on a line of its own, the word keeps its space. */
const SPACE = ' ';

function When({ booking }: { booking: Booking }) {
  const t = useT(dealsMessages);
  const { locale } = useLanguage();
  const [word, at] = booking.completedAt
    ? [t('whenCompleted'), booking.completedAt]
    : [t('whenBooked'), booking.orderTime];
  return (
    <span>
      <span className="text-stone-500 sm:block sm:text-xs">
        {word}
        {SPACE}
      </span>
      <time dateTime={at} className="whitespace-nowrap">
        {dhakaTime(at, locale)}
      </time>
    </span>
  );
}

function columnsIn(t: T, locale: Locale): Column<Booking>[] {
  return [
    indexColumn(),
    imageColumn((booking) => booking.productImage),
    { header: t('colBike'), rowHeader: true, cell: (booking) => booking.productName },
    { header: t('colBuyer'), cell: (booking) => booking.buyerName },
    { header: t('colSeller'), cell: (booking) => booking.sellerName },
    { header: t('colStatus'), cell: (booking) => <DealStatus booking={booking} /> },
    { header: t('colMethod'), cell: (booking) => methodWords(booking.method, locale) },
    {
      header: t('colPrice'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (booking) => (
        <span className="inline-block max-w-44 max-sm:text-right">
          {formatTaka(booking.price, locale)}
          <DepositNote booking={booking} />
        </span>
      ),
    },
    { header: t('colWhen'), cell: (booking) => <When booking={booking} /> },
    {
      header: t('colTimeline'),
      phone: 'action',
      cell: (booking) => (
        <Link
          to={`/dashboard/deals/${encodeURIComponent(booking._id)}`}
          className="inline-block rounded-lg border border-brand-200 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-700 shadow-sm hover:bg-brand-50"
        >
          {t('colTimeline')}
        </Link>
      ),
    },
  ];
}

function emptyText(status: DealFilter, t: T): string {
  if (!status) return t('noDeals');
  const filter = DEAL_FILTERS.find((each) => each.status === status);
  const label = filter ? t(filter.label) : status;
  return t('noDealsIn', { label: label.toLowerCase() });
}

export function DealsPage() {
  const t = useT(dealsMessages);
  const { locale } = useLanguage();
  const columns = useMemo(() => columnsIn(t, locale), [t, locale]);
  const [params, setParams] = useSearchParams();
  const status = dealFilterOf(params.get('status'));
  const deals = useDeals(status);
  useDealUpdates();
  return (
    <section aria-labelledby="deals-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="deals-title" className="text-2xl font-bold text-stone-900">
          {t('deals')}
        </h2>
        {deals.isSuccess && deals.data.length > 0 && (
          <p className="text-sm text-stone-600">
            {t('count', { count: deals.data.length, shown: formatNumber(deals.data.length, locale) })}
          </p>
        )}
      </div>
      <p className="mb-4 text-sm text-stone-600">{t('intro')}</p>
      <StatusFilter
        value={status}
        onChange={(next) => {
          setParams(next ? { status: next } : {}, { replace: true });
        }}
      />
      {deals.isPending ? (
        <PageSpinner label={t('loadingDeals')} />
      ) : deals.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {deals.error.message}
        </p>
      ) : deals.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-10 text-center text-lg text-stone-600 shadow-sm ring-1 ring-stone-200">
          {emptyText(status, t)}
        </p>
      ) : (
        <DataTable caption={t('deals')} columns={columns} rows={deals.data} rowKey={(booking) => booking._id} />
      )}
    </section>
  );
}
