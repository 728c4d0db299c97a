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
import { translate } from '@/lib/i18n/catalog.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, formatTaka, type Locale } from '@/lib/i18n/numbers.ts';
import { settleDealMutation, type Settlement } from '@/features/deals/api/settle-deal.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';
import { useDialogExit } from '@/components/dialog-exit.ts';
import { ReasonChips } from '@/components/reason-chips.tsx';

export const REASON_MAX = 300;

type Key = keyof typeof dealsMessages.en;

/** Each settlement's words, as keys of `dealsMessages`. */
const KEYS = {
  release: {
    label: 'release',
    busy: 'releasing',
    done: 'releaseDone',
    title: 'releaseTitle',
    description: 'releaseDescription',
    reasons: ['releaseStuck', 'releaseNoSeller', 'releaseNoBuyer'],
  },
  capture: {
    label: 'capture',
    busy: 'capturing',
    done: 'captureDone',
    title: 'captureTitle',
    description: 'captureDescription',
    reasons: ['captureSellerNoCode', 'captureBuyerLostCode'],
  },
} as const satisfies Record<Settlement, Record<string, Key | readonly Key[]>>;

/** A settlement's words in `locale`: its button, its dialog's question and what it does, its quick reasons. */
export function settleWords(settlement: Settlement, locale: Locale = 'en') {
  const keys = KEYS[settlement];
  const say = (key: Key, values?: Record<string, string>) => translate(dealsMessages, locale, key, values);
  return {
    label: say(keys.label),
    busy: say(keys.busy),
    done: say(keys.done),
    title: (booking: Booking) =>
      say(keys.title, { product: booking.productName, amount: formatTaka(booking.price, locale) }),
    description: (booking: Booking) =>
      say(keys.description, {
        buyer: booking.buyerName,
        seller: booking.sellerName,
        held: booking.status === 'held' ? 'yes' : 'no',
      }),
    reasons: keys.reasons.map((key) => say(key)),
  };
}

export function SettleDialog({
  settlement,
  booking,
  onClose,
}: {
  settlement: Settlement;
  booking: Booking;
  onClose: () => void;
}) {
  const t = useT(dealsMessages);
  const { locale } = useLanguage();
  const words = settleWords(settlement, locale);
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
    validate: (value) => value.trim() !== '' || t('sayWhy'),
    maxLength: { value: REASON_MAX, message: t('atMost', { max: formatNumber(REASON_MAX, locale) }) },
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
          <DialogButtons cancelLabel={t('close')} confirmLabel={t('done')} tone="primary" onCancel={close} onConfirm={close} />
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
          <ReasonChips
            reasons={words.reasons}
            onPick={(reason) => {
              setValue('reason', reason, { shouldValidate: true });
            }}
          />
          <FormField id="settle-reason" label={t('reason')} error={error?.message}>
            <textarea
              id="settle-reason"
              rows={3}
              maxLength={REASON_MAX}
              placeholder={t('reasonPlaceholder')}
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
            cancelLabel={t('keepIt')}
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
