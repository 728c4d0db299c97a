// The seller's answer to a booking, with the reason the buyer is told: "Release Rahim's
// reservation of Yamaha R15?" or "Decline Rahim's booking of Yamaha R15?". The house alert
// dialog with a reason to write (required, at most 300 characters); a refusal stays in the
// dialog, under the reason when the server names it, above the buttons otherwise.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AlertDialogFrame, DialogButtons } from '@/components/confirm-dialog.tsx';
import { errorId, FormField, inputLook } from '@/components/form-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { Booking } from '@/lib/api/types.ts';
import { answerBookingMutation, type BookingAnswer } from '@/features/bookings/api/answer-booking.ts';

export const REASON_MAX = 300;
export const REASON_REQUIRED = 'Tell the buyer why';

const WORDS = {
  release: { what: 'reservation', label: 'Release', busy: 'Releasing…', done: 'Reservation released' },
  decline: { what: 'booking', label: 'Decline', busy: 'Declining…', done: 'Booking declined' },
} as const;

/** "Rahim" of "Rahim Uddin": the dialog's title speaks of the buyer as the seller would. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function answerTitle(answer: BookingAnswer, booking: Booking): string {
  return `${WORDS[answer].label} ${firstName(booking.buyerName)}'s ${WORDS[answer].what} of ${booking.productName}?`;
}

export function AnswerBookingDialog({
  answer,
  booking,
  onClose,
}: {
  answer: BookingAnswer;
  booking: Booking;
  onClose: () => void;
}) {
  const words = WORDS[answer];
  const action = useMutation(useMemo(() => answerBookingMutation(answer), [answer]));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  const closeRef = useRef<() => void>(() => undefined);
  // Read once, while rendering: by the time effects run, focus is inside the dialog.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const { ref: registerRef, ...reasonField } = register('reason', {
    validate: (value) => value.trim() !== '' || REASON_REQUIRED,
    maxLength: { value: REASON_MAX, message: `At most ${String(REASON_MAX)} characters` },
  });

  const close = () => {
    closeRef.current();
    onClose();
  };
  useEffect(() => () => opener?.focus(), [opener]);

  const onSubmit = async ({ reason }: { reason: string }) => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ booking, reason: reason.trim() });
      toast.success(words.done);
      close();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = error instanceof ApiError ? error.fields.reason : undefined;
      if (field) setError('reason', { type: 'server', message: field }, { shouldFocus: true });
      else setFailure(message);
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={answerTitle(answer, booking)}
      description={`${booking.buyerName} is told at once, with your reason.`}
      opener={opener}
      initialFocus={reasonRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
        <FormField id="answer-reason" label="Reason" error={errors.reason?.message}>
          <textarea
            id="answer-reason"
            rows={3}
            maxLength={REASON_MAX}
            placeholder={answer === 'release' ? 'We could not agree on a time to meet' : 'The bike is promised to someone'}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? errorId('answer-reason') : undefined}
            className={inputLook}
            ref={(element) => {
              registerRef(element);
              reasonRef.current = element;
            }}
            {...reasonField}
          />
        </FormField>
        {failure && (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700">
            {failure}
          </p>
        )}
        <DialogButtons
          cancelLabel="Keep it"
          confirmLabel={action.isPending ? words.busy : words.label}
          tone="danger"
          busy={action.isPending}
          submit
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
