// Asking before an action changes something: the page's own alert dialog, titled with what
// is affected ("Delete Yamaha R15?"), the product's prompt beneath it (docs/product.md,
// "Forms and their messages") and two buttons. A native modal <dialog>: above everything,
// toasts included, with the page behind it inert. Focus starts on the safe choice when the
// action destroys something and on the confirm button otherwise, Tab stays inside,
// Escape answers no, and focus goes back to whatever asked.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from './focus-trap.ts';

/** The look of an action's button: the one that asks, and the dialog's confirm button. */
export const actionTones = {
  danger: 'bg-red-600 text-white hover:bg-red-700',
  warning: 'bg-amber-400 text-amber-950 hover:bg-amber-500',
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
} as const;

export type ActionTone = keyof typeof actionTones;

export interface ConfirmRequest {
  /** What is affected, as a question: "Delete Yamaha R15?". */
  title: string;
  /** The product's prompt for the action, word for word: "Are you sure, You want to delete?". */
  prompt: string;
  /** The button that goes ahead: "Delete", "Yes, book". */
  confirmLabel: string;
  /** The button that changes nothing; "Cancel" unless told. */
  cancelLabel?: string | undefined;
  /** `primary` unless told; `danger` also starts on the safe choice. */
  tone?: ActionTone;
}

interface Asking {
  id: number;
  request: ConfirmRequest;
  /** Where focus goes back to. */
  opener: HTMLElement | null;
  answer: (confirmed: boolean) => void;
}

/**
 * `await confirm(request)` opens the dialog and answers whether the person went ahead;
 * `dialog` is rendered anywhere in the component that asks (it shows above everything).
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const unanswered = useRef<Asking | null>(null);
  const asked = useRef(0);

  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        // A question still open is answered no: only one is asked at a time.
        unanswered.current?.answer(false);
        asked.current += 1;
        const next: Asking = {
          id: asked.current,
          request,
          // Read now: once the dialog is open, focus is inside it.
          opener: document.activeElement instanceof HTMLElement ? document.activeElement : null,
          answer: (confirmed) => {
            if (unanswered.current === next) unanswered.current = null;
            resolve(confirmed);
          },
        };
        unanswered.current = next;
        setAsking(next);
      }),
    [],
  );

  // Whatever asked leaves the page (its row was deleted elsewhere): that is a no.
  useEffect(
    () => () => {
      unanswered.current?.answer(false);
    },
    [],
  );

  const dialog =
    asking &&
    createPortal(
      <ConfirmDialog
        key={asking.id}
        asking={asking}
        onAnswered={() => {
          setAsking((current) => (current === asking ? null : current));
        }}
      />,
      document.body,
    );
  return { confirm, dialog };
}

function ConfirmDialog({ asking, onAnswered }: { asking: Asking; onAnswered: () => void }) {
  const { request, opener } = asking;
  const tone = request.tone ?? 'primary';
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const promptId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    // Open already when React runs this effect twice in development.
    if (!dialog || dialog.open) return;
    dialog.showModal();
    (tone === 'danger' ? cancelRef : confirmRef).current?.focus();
  }, [tone]);

  const answer = (confirmed: boolean) => {
    // Closed first: while the dialog is open the page behind it cannot take focus.
    dialogRef.current?.close();
    opener?.focus();
    asking.answer(confirmed);
    onAnswered();
  };

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={promptId}
      onKeyDown={(event) => {
        // The dialog's keys are its own: a modal beneath it must not close on this Escape.
        event.stopPropagation();
        if (event.key === 'Escape') {
          // Handled here, so the browser does not also fire `cancel`.
          event.preventDefault();
          answer(false);
          return;
        }
        if (dialogRef.current) keepTabInside(event, dialogRef.current);
      }}
      onCancel={(event) => {
        // The browser's own way out (a phone's back gesture): a no, closed by us.
        event.preventDefault();
        answer(false);
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-stone-800 shadow-xl backdrop:bg-stone-950/60"
    >
      <h2 id={titleId} className="text-xl font-bold wrap-break-word text-stone-900">
        {request.title}
      </h2>
      <p id={promptId} className="mt-2 text-stone-600">
        {request.prompt}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={() => {
            answer(false);
          }}
          className="rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-semibold text-stone-800 hover:bg-stone-100"
        >
          {request.cancelLabel ?? 'Cancel'}
        </button>
        <button
          ref={confirmRef}
          type="button"
          onClick={() => {
            answer(true);
          }}
          className={`rounded-lg px-4 py-2.5 font-semibold shadow-sm ${actionTones[tone]}`}
        >
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
