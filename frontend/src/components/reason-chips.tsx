// Reasons one taps instead of typing (a buyer or seller at the meet-up, an admin settling
// a deal): each fills the reason in. Where the reason is one of a list (reporting a
// conversation), the picked one shows pressed.
import { useT } from '@/lib/i18n/language-context.ts';
import { sharedMessages } from './shared.messages.ts';

export function ReasonChips({
  reasons,
  onPick,
  legend,
  picked,
}: {
  reasons: readonly string[];
  onPick: (reason: string) => void;
  legend?: string;
  /** The reason picked, when the chips are the choice itself. */
  picked?: string | undefined;
}) {
  const t = useT(sharedMessages);
  return (
    <fieldset className="mb-3">
      <legend className="text-sm font-medium text-stone-800">{legend ?? t('quickReasons')}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {reasons.map((reason) => (
          <button
            key={reason}
            type="button"
            aria-pressed={picked === undefined ? undefined : reason === picked}
            onClick={() => {
              onPick(reason);
            }}
            className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-left text-sm font-medium text-stone-800 hover:bg-stone-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-900 aria-pressed:ring-1 aria-pressed:ring-brand-700"
          >
            {reason}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
