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
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { bookingsMessages } from './bookings.messages.ts';
import { holdMethod, type BookingsKey, type BookingsT } from './deal-words.ts';
import { showRefusal, useDialogExit } from '@/components/dialog-exit.ts';
import { ReasonChips } from '@/components/reason-chips.tsx';

export const REASON_MAX = 300;
/** Quick reasons to call a deal off. */
const CALL_OFF_REASONS: readonly BookingsKey[] = ['notAsDescribed', 'papersMissing', 'didNotCome'];

const WORDS = {
  release: { title: 'releaseTitle', label: 'release', busy: 'releasing', done: 'releaseDone', placeholder: 'releasePlaceholder' },
  decline: { title: 'declineTitle', label: 'decline', busy: 'declining', done: 'declineDone', placeholder: 'declinePlaceholder' },
  'call-off': { title: 'callOffTitle', label: 'callOff', busy: 'callingOff', done: 'callOffDone', placeholder: 'callOffPlaceholder' },
} as const satisfies Record<BookingAnswer, Record<string, BookingsKey>>;

/** "Rahim" of "Rahim Uddin": the dialog's title speaks of the buyer as the seller would. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function answerTitle(answer: BookingAnswer, booking: Booking, t: BookingsT): string {
  return t(WORDS[answer].title, { buyer: firstName(booking.buyerName), bike: booking.productName });
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
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
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
    validate: (value) => value.trim() !== '' || (side === 'seller' ? t('tellBuyerWhy') : t('tellSellerWhy')),
    maxLength: { value: REASON_MAX, message: t('atMost', { max: localDigits(String(REASON_MAX), locale) }) },
  });

  const onSubmit = async ({ reason }: { reason: string }) => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ booking, reason: reason.trim() });
      toast.success(t(words.done));
      close();
    } catch (error) {
      showRefusal(error, ['reason'], setError, setFailure);
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={answerTitle(answer, booking, t)}
      description={`${t('toldWithReason', { other })}${answer === 'call-off' && booking.status === 'held' ? t('holdReleased', { method: holdMethod(booking) }) : ''}`}
      opener={opener}
      initialFocus={reasonRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
        {answer === 'call-off' && (
          <ReasonChips
            reasons={CALL_OFF_REASONS.map((reason) => t(reason))}
            onPick={(reason) => {
              setValue('reason', reason, { shouldValidate: true });
            }}
          />
        )}
        <FormField id="answer-reason" label={t('reason')} error={errors.reason?.message}>
          <textarea
            id="answer-reason"
            rows={3}
            maxLength={REASON_MAX}
            placeholder={t(words.placeholder)}
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
          cancelLabel={t('keepIt')}
          confirmLabel={t(words.label)}
          busyLabel={t(words.busy)}
          tone="danger"
          busy={action.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
