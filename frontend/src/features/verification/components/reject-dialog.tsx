// An admin rejects a request, saying why (required, at most `REASON_MAX` characters; quick
// reasons to tap), in the house alert dialog: the seller reads the reason with the
// notification and on their Get verified page. A refusal stays in the dialog, under the
// reason when the server names it, above the buttons otherwise.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { errorId, FormField, inputLook } from '@/components/form-field.tsx';
import { ReasonChips } from '@/components/reason-chips.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { VerificationRequest } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { rejectRequestMutation } from '@/features/verification/api/decide-request.ts';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

/** The longest reason the server takes (`REASON_MAX_CHARS`). */
export const REASON_MAX = 500;

const reject = rejectRequestMutation();

const QUICK_REASONS = ['reasonBlurry', 'reasonCutOff', 'reasonName', 'reasonFace'] as const;

export function RejectDialog({
  request,
  onClose,
  onRejected,
}: {
  request: VerificationRequest;
  onClose: () => void;
  /** Rejected: the request is leaving the queue. */
  onRejected: () => void;
}) {
  const t = useT(verificationMessages);
  const { locale } = useLanguage();
  const action = useMutation(reject);
  const { register, handleSubmit, setError, setValue, formState } = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
  });
  const error = formState.errors.reason;
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  const closeRef = useRef<() => void>(() => undefined);
  // Read once, while rendering: by the time effects run, focus is inside the dialog.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => opener?.focus(), [opener]);
  const close = () => {
    closeRef.current();
    onClose();
  };
  const { ref: registerRef, ...reasonField } = register('reason', {
    validate: (value) => value.trim() !== '' || t('sayWhy'),
    maxLength: { value: REASON_MAX, message: t('atMost', { max: formatNumber(REASON_MAX, locale) }) },
  });

  const onSubmit = async ({ reason }: { reason: string }) => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ request, reason: reason.trim() });
      toast.success(t('rejected'));
      closeRef.current();
      onRejected();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.fields.reason) {
        // The server's own words on an English page; on a Bangla one, this dialog's.
        const said = refusal.codes.reason === 'required' && locale !== 'en' ? t('sayWhy') : refusal.fields.reason;
        setError('reason', { type: 'server', message: said }, { shouldFocus: true });
      } else setFailure(refusal instanceof Error ? refusal.message : String(refusal));
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={t('rejectTitle', { name: request.sellerName })}
      description={t('rejectAbout')}
      opener={opener}
      initialFocus={reasonRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
        <ReasonChips
          reasons={QUICK_REASONS.map((key) => t(key))}
          onPick={(reason) => {
            setValue('reason', reason, { shouldValidate: true });
          }}
        />
        <FormField id="reject-reason" label={t('reason')} error={error?.message}>
          <textarea
            id="reject-reason"
            rows={3}
            maxLength={REASON_MAX}
            placeholder={t('reasonPlaceholder')}
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
          confirmLabel={t('reject')}
          busyLabel={t('rejecting')}
          tone="danger"
          busy={action.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
