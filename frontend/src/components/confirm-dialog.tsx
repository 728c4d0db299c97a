// Asking before an action changes something: the page's own alert dialog, titled with what
// is affected ("Delete Yamaha R15?"), the product's prompt beneath it (docs/product.md,
// "Forms and their messages") and two buttons. A native modal <dialog>: above everything,
// toasts included, with the page behind it inert. Focus starts on the safe choice when the
// action destroys something and on the confirm button otherwise, Tab stays inside,
// Escape answers no, and focus goes back to whatever asked.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '@/lib/i18n/language-context.ts';
import { keepTabInside } from './focus-trap.ts';
import { sharedMessages } from './shared.messages.ts';

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
  const t = useT(sharedMessages);
  const { request, opener } = asking;
  const tone = request.tone ?? 'primary';
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<() => void>(() => undefined);

  const answer = (confirmed: boolean) => {
    closeRef.current();
    asking.answer(confirmed);
    onAnswered();
  };

  return (
    <AlertDialogFrame
      title={request.title}
      description={request.prompt}
      opener={opener}
      initialFocus={tone === 'danger' ? cancelRef : confirmRef}
      closeRef={closeRef}
      onDismiss={() => {
        answer(false);
      }}
    >
      <DialogButtons
        cancelRef={cancelRef}
        confirmRef={confirmRef}
        cancelLabel={request.cancelLabel ?? t('cancel')}
        confirmLabel={request.confirmLabel}
        tone={tone}
        onCancel={() => {
          answer(false);
        }}
        onConfirm={() => {
          answer(true);
        }}
      />
    </AlertDialogFrame>
  );
}

/** The dialog's two buttons: the one that changes nothing, then the one that goes ahead. */
export function DialogButtons({
  cancelRef,
  confirmRef,
  cancelLabel,
  confirmLabel,
  tone,
  busy = false,
  submit = false,
  onCancel,
  onConfirm,
}: {
  cancelRef?: RefObject<HTMLButtonElement | null>;
  confirmRef?: RefObject<HTMLButtonElement | null>;
  cancelLabel: string;
  confirmLabel: string;
  tone: ActionTone;
  /** The action is running: the confirm button says so and waits. */
  busy?: boolean;
  /** The confirm button submits the form it is in rather than calling `onConfirm`. */
  submit?: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button
        ref={cancelRef}
        type="button"
        onClick={onCancel}
        className="rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-semibold text-stone-800 hover:bg-stone-100"
      >
        {cancelLabel}
      </button>
      <button
        ref={confirmRef}
        type={submit ? 'submit' : 'button'}
        // Not `disabled`: a disabled button drops focus, and the dialog would lose the keyboard.
        aria-disabled={busy || undefined}
        onClick={submit ? undefined : onConfirm}
        className={`rounded-lg px-4 py-2.5 font-semibold shadow-sm aria-disabled:cursor-wait aria-disabled:opacity-60 ${actionTones[tone]}`}
      >
        {confirmLabel}
      </button>
    </div>
  );
}

/**
 * The house alert dialog's frame: a native modal <dialog> titled and described, Tab kept
 * inside, Escape and the browser's own way out (a phone's back gesture) call `onDismiss`,
 * focus starts on `initialFocus`. `closeRef` is set to a function that closes it and gives
 * focus back to `opener`; the caller runs it before it unmounts the frame.
 */
export function AlertDialogFrame({
  title,
  description,
  opener,
  initialFocus,
  closeRef,
  onDismiss,
  children,
}: {
  title: string;
  description: ReactNode;
  opener: HTMLElement | null;
  initialFocus: RefObject<HTMLElement | null>;
  closeRef: RefObject<() => void>;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    // Open already when React runs this effect twice in development.
    if (!dialog || dialog.open) return;
    dialog.showModal();
    initialFocus.current?.focus();
  }, [initialFocus]);

  useEffect(() => {
    closeRef.current = () => {
      // Closed first: while the dialog is open the page behind it cannot take focus.
      dialogRef.current?.close();
      opener?.focus();
    };
  }, [closeRef, opener]);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={(event) => {
        // The dialog's keys are its own: a modal beneath it must not close on this Escape.
        event.stopPropagation();
        if (event.key === 'Escape') {
          // Handled here, so the browser does not also fire `cancel`.
          event.preventDefault();
          onDismiss();
          return;
        }
        if (dialogRef.current) keepTabInside(event, dialogRef.current);
      }}
      onCancel={(event) => {
        // The browser's own way out (a phone's back gesture): a no, closed by us.
        event.preventDefault();
        onDismiss();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-stone-800 shadow-xl backdrop:bg-stone-950/60"
    >
      <h2 id={titleId} className="text-xl font-bold wrap-break-word text-stone-900">
        {title}
      </h2>
      <p id={descriptionId} className="mt-2 text-stone-600">
        {description}
      </p>
      {children}
    </dialog>
  );
}
