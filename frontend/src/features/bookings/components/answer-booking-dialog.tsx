// The answer to a booking, with the reason the other side is told: the seller's "Release
// Rahim's reservation of Yamaha R15?" or "Decline Rahim's booking of Yamaha R15?", and
// either side's "Call off the deal for Yamaha R15?" (with quick reasons to pick). The house
// alert dialog with a reason to write (required, at most 300 characters); a refusal stays
// in the dialog, under the reason when the server names it, above the buttons otherwise.
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { errorId, FormField, inputLook } from '@/components/form-field.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { answerBookingMutation, type BookingAnswer } from '@/features/bookings/api/answer-booking.ts';
import { holdWords } from '@/lib/payments/hold-words.ts';
import { showRefusal, useDialogExit } from './dialog-exit.ts';
import { ReasonChips } from '@/components/reason-chips.tsx';

export const REASON_MAX = 300;
export const REASON_REQUIRED = 'Tell the buyer why';
export const CALL_OFF_REASONS = ['Not as described', 'Papers missing', 'Did not come'] as const;

const WORDS = {
  release: { what: 'reservation', label: 'Release', busy: 'Releasing…', done: 'Reservation released' },
  decline: { what: 'booking', label: 'Decline', busy: 'Declining…', done: 'Booking declined' },
  'call-off': { what: 'deal', label: 'Call off', busy: 'Calling off…', done: 'Deal called off' },
} as const;

/** What calling off a deal whose buyer's card holds the price does to the money. */
export const HOLD_RELEASED = ' The card hold is released: nothing is charged.';

/** The same for a card or a bKash hold: " The bKash hold is released: nothing is charged." */
const holdReleased = (booking: Booking) =>
  booking.method === 'bkash' ? HOLD_RELEASED.replace('card', holdWords(booking).name) : HOLD_RELEASED;

/** "Rahim" of "Rahim Uddin": the dialog's title speaks of the buyer as the seller would. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function answerTitle(answer: BookingAnswer, booking: Booking): string {
  if (answer === 'call-off') return `Call off the deal for ${booking.productName}?`;
  return `${WORDS[answer].label} ${firstName(booking.buyerName)}'s ${WORDS[answer].what} of ${booking.productName}?`;
}

export function AnswerBookingDialog({
  answer,
  booking,
  side = 'seller',
  onClose,
}: {
  answer: BookingAnswer;
  booking: Booking;
  /** Who answers: the seller, or (calling off) the buyer. */
  side?: 'buyer' | 'seller';
  onClose: () => void;
}) {
  const words = WORDS[answer];
  const other = side === 'seller' ? booking.buyerName : booking.sellerName;
  const action = useMutation(useMemo(() => answerBookingMutation(answer), [answer]));
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  const { opener, closeRef, close } = useDialogExit(onClose);
  const { ref: registerRef, ...reasonField } = register('reason', {
    validate: (value) => value.trim() !== '' || (side === 'seller' ? REASON_REQUIRED : 'Tell the seller why'),
    maxLength: { value: REASON_MAX, message: `At most ${String(REASON_MAX)} characters` },
  });

  const onSubmit = async ({ reason }: { reason: string }) => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ booking, reason: reason.trim() });
      toast.success(words.done);
      close();
    } catch (error) {
      showRefusal(error, ['reason'], setError, setFailure);
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={answerTitle(answer, booking)}
      description={`${other} is told at once, with your reason.${answer === 'call-off' && booking.status === 'held' ? holdReleased(booking) : ''}`}
      opener={opener}
      initialFocus={reasonRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
        {answer === 'call-off' && (
          <ReasonChips
            reasons={CALL_OFF_REASONS}
            onPick={(reason) => {
              setValue('reason', reason, { shouldValidate: true });
            }}
          />
        )}
        <FormField id="answer-reason" label="Reason" error={errors.reason?.message}>
          <textarea
            id="answer-reason"
            rows={3}
            maxLength={REASON_MAX}
            placeholder={placeholders[answer]}
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
        <DialogFormFooter
          failure={failure}
          cancelLabel="Keep it"
          confirmLabel={words.label}
          busyLabel={words.busy}
          tone="danger"
          busy={action.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}

const placeholders: Record<BookingAnswer, string> = {
  release: 'We could not agree on a time to meet',
  decline: 'The bike is promised to someone',
  'call-off': 'Say what went wrong',
};
