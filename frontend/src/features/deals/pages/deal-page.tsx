// One deal, for the admin settling it (/dashboard/deals/{id}): the booking at a glance,
// Release or Take the money while it can still be settled, and every step it took. A step
// of this deal anywhere (a handover, a call-off, the sweep) reads it again, live.
import { Link, useParams } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useDealUpdates } from '@/features/deals/api/deal-updates.ts';
import { useDeal } from '@/features/deals/api/get-deals.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';
import { DealSummary } from '@/features/deals/components/deal-summary.tsx';
import { DealTimeline } from '@/features/deals/components/deal-timeline.tsx';
import { SettleButtons } from '@/features/deals/components/settle-buttons.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6';

export function DealPage() {
  const { id = '' } = useParams();
  const t = useT(dealsMessages);
  const deal = useDeal(id);
  useDealUpdates();
  usePageTitle(deal.data ? t('dealFor', { product: deal.data.booking.productName }) : t('deal'));
  const back = (
    <Link to="/dashboard/deals" className="text-sm font-semibold text-brand-700 hover:underline">
      {t('allDeals')}
    </Link>
  );
  if (deal.isPending) return <PageSpinner label={t('loadingDeal')} />;
  if (deal.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {deal.error.message}
        </p>
      </div>
    );
  }
  const { booking, steps } = deal.data;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <section aria-labelledby="deal-title" className={card}>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id="deal-title" className="text-2xl font-bold wrap-anywhere text-stone-900">
              {booking.productName}
            </h2>
            <p className="text-sm text-stone-600">{t('dealId', { id: booking._id })}</p>
          </div>
          <SettleButtons booking={booking} />
        </div>
        <DealSummary booking={booking} />
      </section>
      <section aria-labelledby="timeline-title" className={card}>
        <h3 id="timeline-title" className="mb-4 text-lg font-bold text-stone-900">
          {t('timeline')}
        </h3>
        <DealTimeline steps={steps} method={booking.method} />
      </section>
    </div>
  );
}
