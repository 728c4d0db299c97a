// The chips above the deals: every deal, or those in one status.
import { useT } from '@/lib/i18n/language-context.ts';
import { DEAL_FILTERS, type DealFilter } from '@/features/deals/api/get-deals.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';

export function StatusFilter({ value, onChange }: { value: DealFilter; onChange: (status: DealFilter) => void }) {
  const t = useT(dealsMessages);
  return (
    <div role="group" aria-label={t('showDeals')} className="mb-4 flex flex-wrap gap-2">
      {DEAL_FILTERS.map((filter) => {
        const on = filter.status === value;
        return (
          <button
            key={filter.label}
            type="button"
            aria-pressed={on}
            onClick={() => {
              onChange(filter.status);
            }}
            className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors ${
              on
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100'
            }`}
          >
            {t(filter.label)}
          </button>
        );
      })}
    </div>
  );
}
