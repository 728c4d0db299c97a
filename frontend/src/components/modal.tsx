// A modal dialog over the page: labelled by its title and described by a line under it,
// focus kept inside (Tab wraps), Escape closes wherever focus is (a click on its text
// moves focus out of the fields), a click on the backdrop closes, and focus goes back to
// whatever opened it (or, when that is gone, to the next step beside it). A sheet from the bottom on a phone, a card in the middle on wider
// screens. The first field to fill in takes focus itself (`autoFocus`).
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/language-context.ts';
import { keepTabInside, useFocusReturn } from './focus-trap.ts';
import { sharedMessages } from './shared.messages.ts';

/** The close button's mark, the same in every language (its name is `close`). */
const CLOSE_MARK = '×';

export function Modal({
  id,
  title,
  about,
  onClose,
  children,
}: {
  /** Prefix of the title's and the description's ids. */
  id: string;
  title: string;
  about: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT(sharedMessages);
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusReturn();

  // On the document, not the dialog: Escape closes even when focus has left it. A
  // confirmation dialog above it keeps its Escape to itself.
  useEffect(() => {
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
    };
  }, [onClose]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-stone-950/60 p-0 sm:items-center sm:p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-about`}
        onKeyDown={(event) => {
          if (dialogRef.current) keepTabInside(event, dialogRef.current);
        }}
        className="max-h-[95vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-lg sm:rounded-2xl"
      >
        <div className="flex items-center justify-between gap-4">
          <h2 id={`${id}-title`} className="text-2xl font-bold text-stone-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('close')}
            className="rounded-full p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
          >
            <span aria-hidden="true" className="block size-5 text-xl leading-5">
              {CLOSE_MARK}
            </span>
          </button>
        </div>
        <p id={`${id}-about`} className="mt-1 text-sm text-stone-600">
          {about}
        </p>
        {children}
      </div>
    </div>
  );
}
