// An admin turns something of a seller's down, saying why (required, at most `REASON_MAX`
// characters; quick reasons to tap), in the house alert dialog: the seller reads the
// reason with the notification and on the page where they put it right (Get verified, My
// Products). The same dialog asks why before an admin removes a reported listing, warns
// or suspends someone, with that act's own button. A refusal stays in the dialog, under
// the reason when the server names it, above the buttons otherwise.
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { AlertDialogFrame } from './confirm-dialog.tsx';
import { useDialogExit } from './dialog-exit.ts';
import { DialogFormFooter } from './dialog-form-footer.tsx';
import { errorId, FormField, inputLook } from './form-field.tsx';
import { ReasonChips } from './reason-chips.tsx';
import { rejectDialogMessages } from './reject-dialog.messages.ts';

/** The longest reason the server takes (`REASON_MAX_CHARS`). */
export const REASON_MAX = 500;

export function RejectDialog({
  title,
  description,
  placeholder,
  quickReasons,
  done,
  busy,
  confirmLabel,
  busyLabel,
  sayWhy,
  onReject,
  onClose,
  onRejected,
}: {
  /** What is turned down, as a question: "Reject Yamaha R15?". */
  title: string;
  /** Who reads the reason, and where. */
  description: string;
  placeholder: string;
  /** Reasons to tap instead of typing, in the page's language. */
  quickReasons: readonly string[];
  /** The toast once the server agrees. */
  done: string;
  /** The rejection is on its way. */
  busy: boolean;
  /** The button that goes ahead, "Reject" unless told ("Remove", "Warn", "Suspend"). */
  confirmLabel?: string;
  /** What it says while the call runs, "Rejecting…" unless told. */
  busyLabel?: string;
  /** What an empty reason is told, "Please say why, so the seller can fix it" unless told. */
  sayWhy?: string;
  /** Sends the rejection with `reason`; a refusal is thrown. */
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** Rejected: what was turned down is leaving the page. */
  onRejected: () => void;
}) {
  const t = useT(rejectDialogMessages);
  const { locale } = useLanguage();
  const { register, handleSubmit, setError, setValue, formState } = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
  });
  const error = formState.errors.reason;
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  const { opener, closeRef, close } = useDialogExit(onClose);
  const { ref: registerRef, ...reasonField } = register('reason', {
    validate: (value) => value.trim() !== '' || (sayWhy ?? t('sayWhy')),
    maxLength: { value: REASON_MAX, message: t('atMost', { max: formatNumber(REASON_MAX, locale) }) },
  });

  const onSubmit = async ({ reason }: { reason: string }) => {
    if (busy) return;
    setFailure(null);
    try {
      await onReject(reason.trim());
      toast.success(done);
      closeRef.current();
      onRejected();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.fields.reason) {
        // The server's own words on an English page; on a Bangla one, this dialog's.
        const said =
          refusal.codes.reason === 'required' && locale !== 'en' ? (sayWhy ?? t('sayWhy')) : refusal.fields.reason;
        setError('reason', { type: 'server', message: said }, { shouldFocus: true });
      } else setFailure(refusal instanceof Error ? refusal.message : String(refusal));
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={title}
      description={description}
      opener={opener}
      initialFocus={reasonRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
        <ReasonChips
          reasons={quickReasons}
          onPick={(reason) => {
            setValue('reason', reason, { shouldValidate: true });
          }}
        />
        <FormField id="reject-reason" label={t('reason')} error={error?.message}>
          <textarea
            id="reject-reason"
            rows={3}
            maxLength={REASON_MAX}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId('reject-reason') : undefined}
            className={inputLook}
            ref={(element) => {
              registerRef(element);
              reasonRef.current = element;
            }}
            {...reasonField}
          />
        </FormField>
        <DialogFormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          confirmLabel={confirmLabel ?? t('reject')}
          busyLabel={busyLabel ?? t('rejecting')}
          tone="danger"
          busy={busy}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
