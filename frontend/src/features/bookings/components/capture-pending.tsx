// The handover of a deal whose buyer's card holds the price: the seller's code was right,
// but the card provider has not answered yet. Not a failure: the deal completes by
// itself as soon as the provider answers, and there is nothing more to enter.
import { useT } from '@/lib/i18n/language-context.ts';
import { bookingsMessages } from './bookings.messages.ts';

/** The code was right; the card provider answers later and the deal completes then. */
export function CapturePending({ message, onClose }: { message: string; onClose: () => void }) {
  const t = useT(bookingsMessages);
  return (
    <>
      <p role="status" className="mt-3 rounded-lg border border-sky-200 bg-sky-50 px-3.5 py-2.5 text-sm text-sky-900">
        {message}
      </p>
      <div className="mt-6 flex flex-col sm:flex-row sm:justify-end">
        <button
          type="button"
          // The one thing left to do: focus moves here, off the code field.
          ref={(button) => {
            button?.focus();
          }}
          onClick={onClose}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {t('close')}
        </button>
      </div>
    </>
  );
}
