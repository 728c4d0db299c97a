// On a phone the filters wait behind a "Filters" button: a sheet over the results, with
// Clear all and a button that shows the bikes found. A native modal <dialog>: the page
// behind it is inert, Escape and the close button put it away.
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/language-context.ts';
import { filtersSheetMessages } from './filters-sheet.messages.ts';

/** The close button's mark, the same in both languages (its name is the aria-label). */
const CLOSE_MARK = '×';

export function FiltersSheet({
  open,
  onClose,
  onClearAll,
  activeCount,
  found,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onClearAll: () => void;
  activeCount: number;
  /** "24 bikes", once known. */
  found: string | null;
  children: ReactNode;
}) {
  const t = useT(filtersSheetMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="filters-sheet-title"
      onClose={onClose}
      onCancel={onClose}
      className="m-0 mt-auto h-[92dvh] max-h-none w-full max-w-none rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-black/40 sm:mx-auto sm:max-w-lg"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
            <h2 id="filters-sheet-title" className="text-lg font-bold text-stone-900">
              {t('title')}
            </h2>
            <div className="flex items-center gap-2">
              {activeCount > 0 && (
                <button
                  type="button"
                  onClick={onClearAll}
                  className="min-h-10 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {t('clearAll')}
                </button>
              )}
              <button
                type="button"
                onClick={onClose}
                aria-label={t('close')}
                className="flex size-10 items-center justify-center rounded-lg text-2xl leading-none text-stone-600 hover:bg-stone-100"
              >
                {CLOSE_MARK}
              </button>
            </div>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-stone-200 p-3">
            <button
              type="button"
              onClick={onClose}
              className="w-full rounded-xl bg-brand-700 px-4 py-3 text-base font-bold text-white hover:bg-brand-800"
            >
              {found ? t('showFound', { found }) : t('showBikes')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
