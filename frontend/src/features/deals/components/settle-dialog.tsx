// An admin settles a stuck deal, saying why (required, at most 300 characters; quick
// reasons to tap): Release ends it and puts the bike back, Take the money captures a
// stuck hold without the buyer's code. A refusal stays in the dialog, under the reason
// when the server names it, above the buttons otherwise; a provider that has not
// answered yet is news, not a failure: the deal completes by itself when it does.
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AlertDialogFrame, DialogButtons } from '@/components/confirm-dialog.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { errorId, FormField, inputLook } from '@/components/form-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { Booking } from '@/lib/api/types.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { settleDealMutation, type Settlement } from '@/features/deals/api/settle-deal.ts';
import { useDialogExit } from './dialog-exit.ts';
import { ReasonChips } from '@/components/reason-chips.tsx';

export const REASON_MAX = 300;
export const SAY_WHY = 'Say why';

export const SETTLE_WORDS = {
  release: {
    label: 'Release',
    busy: 'Releasing…',
    done: 'Deal released',
    title: (booking: Booking) => `Release the deal for ${booking.productName}?`,
    description: (booking: Booking) =>
      `${booking.buyerName} and ${booking.sellerName} are told at once, with your reason.${
        booking.status === 'held' ? ' The hold is released: nothing is charged.' : ''
      } The bike goes to the next in line, or back on sale.`,
    reasons: ['Stuck: both sides agree', 'The seller cannot be reached', 'The buyer cannot be reached'],
  },
  capture: {
    label: 'Take the money',
    busy: 'Taking the money…',
    done: 'Money taken: the deal is completed',
    title: (booking: Booking) => `Take ${formatPrice(booking.price)} for ${booking.productName}?`,
    description: (booking: Booking) =>
      `The hold on ${booking.buyerName}'s account is taken without the handover code. Your name and reason go on the timeline; both sides get their receipt.`,
    reasons: ['Handed over; the seller could not enter the code', 'Handed over; the buyer lost the code'],
  },
} as const;

export function SettleDialog({
  settlement,
  booking,
  onClose,
}: {
  settlement: Settlement;
  booking: Booking;
  onClose: () => void;
}) {
  const words = SETTLE_WORDS[settlement];
  const action = useMutation(useMemo(() => settleDealMutation(settlement), [settlement]));
  const { register, handleSubmit, setError, setValue, formState } = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
  });
  const error = formState.errors.reason;
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  const { opener, closeRef, close } = useDialogExit(onClose);
  const { ref: registerRef, ...reasonField } = register('reason', {
    validate: (value) => value.trim() !== '' || SAY_WHY,
    maxLength: { value: REASON_MAX, message: `At most ${String(REASON_MAX)} characters` },
  });

  const onSubmit = async ({ reason }: { reason: string }) => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ id: booking._id, reason: reason.trim() });
      toast.success(words.done);
      close();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.code === 'payments_unavailable') setWaiting(refusal.message);
      else if (refusal instanceof ApiError && refusal.fields.reason) {
        setError('reason', { type: 'server', message: refusal.fields.reason }, { shouldFocus: true });
      } else setFailure(refusal instanceof Error ? refusal.message : String(refusal));
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={words.title(booking)}
      description={words.description(booking)}
      opener={opener}
      initialFocus={reasonRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      {waiting ? (
        <div className="mt-4">
          <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-3.5 py-2.5 text-sm text-sky-900">
            {waiting}
          </p>
          <DialogButtons cancelLabel="Close" confirmLabel="Done" tone="primary" onCancel={close} onConfirm={close} />
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
          <ReasonChips
            reasons={words.reasons}
            onPick={(reason) => {
              setValue('reason', reason, { shouldValidate: true });
            }}
          />
          <FormField id="settle-reason" label="Reason" error={error?.message}>
            <textarea
              id="settle-reason"
              rows={3}
              maxLength={REASON_MAX}
              placeholder="Say what went wrong and what both sides told you"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId('settle-reason') : undefined}
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
            tone={settlement === 'release' ? 'danger' : 'primary'}
            busy={action.isPending}
            onCancel={close}
          />
        </form>
      )}
    </AlertDialogFrame>,
    document.body,
  );
}
