// A deal's timeline, oldest first: when (Dhaka's time), who (name and side), what happened
// in plain words, and the status it left the deal in.
import type { DealStep } from '@/features/deals/api/get-deals.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { statusWords, stepWho, stepWords } from './step-words.ts';

export function DealTimeline({ steps, method }: { steps: readonly DealStep[]; method?: string | null | undefined }) {
  if (steps.length === 0) return <p className="text-stone-600">No steps recorded yet.</p>;
  return (
    <ol aria-label="Timeline" className="relative ml-2 border-l-2 border-stone-200">
      {steps.map((step, index) => (
        <li key={`${step.at}-${String(index)}`} className="relative mb-5 pl-5 last:mb-0">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[7px] size-3 rounded-full ring-2 ring-white ${
              step.by === 'admin' ? 'bg-amber-500' : 'bg-brand-600'
            }`}
          />
          <p className="text-xs text-stone-500">
            <time dateTime={step.at}>{formatDhakaTime(step.at)}</time> · {stepWho(step)}
          </p>
          <p className="font-medium wrap-anywhere text-stone-900">{stepWords(step, method)}</p>
          <p className="text-xs text-stone-600">Now: {statusWords(step.status, method)}</p>
        </li>
      ))}
    </ol>
  );
}
