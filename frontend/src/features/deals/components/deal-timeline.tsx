// A deal's timeline, oldest first: when (Dhaka's time), who (name and side), what happened
// in plain words, and the status it left the deal in.
import type { DealStep } from '@/features/deals/api/get-deals.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { statusWords, stepWho, stepWords } from './step-words.ts';

/** Between a step's time and who took it. */
const DOT = ' · ';

export function DealTimeline({ steps, method }: { steps: readonly DealStep[]; method?: string | null | undefined }) {
  const t = useT(dealsMessages);
  const { locale } = useLanguage();
  if (steps.length === 0) return <p className="text-stone-600">{t('noSteps')}</p>;
  return (
    <ol aria-label={t('timeline')} className="relative ml-2 border-l-2 border-stone-200">
      {steps.map((step, index) => (
        <li key={`${step.at}-${String(index)}`} className="relative mb-5 pl-5 last:mb-0">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[7px] size-3 rounded-full ring-2 ring-white ${
              step.by === 'admin' ? 'bg-amber-500' : 'bg-brand-600'
            }`}
          />
          <p className="text-xs text-stone-500">
            <time dateTime={step.at}>{dhakaTime(step.at, locale)}</time>
            {DOT}
            {stepWho(step, locale)}
          </p>
          <p className="font-medium wrap-anywhere text-stone-900">{stepWords(step, method, locale)}</p>
          <p className="text-xs text-stone-600">{t('now', { status: statusWords(step.status, method, locale) })}</p>
        </li>
      ))}
    </ol>
  );
}
