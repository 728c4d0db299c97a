// "Enter handover code": the seller, with the bike and its papers in front of the buyer,
// types the six digits the buyer shows them, or scans their QR code where the browser can;
// a right code completes the sale (for a card or bKash hold, the money is taken now; with a
// deposit, the seller takes the rest in cash first). A wrong one shows the server's message (with the tries
// left) under the field; a locked code, or a card hold that ended before the handover,
// above the buttons. A right code whose card provider has not answered yet is not a
// failure: the dialog says so plainly and offers only Close.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { FieldInput, FormField } from '@/components/form-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { Booking } from '@/lib/api/types.ts';
import { depositOf } from '@/lib/payments/deposit.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka, toLatinDigits, type Locale } from '@/lib/i18n/numbers.ts';
import { handoverMutation } from '@/features/bookings/api/deal-steps.ts';
import { CapturePending } from './capture-pending.tsx';
import { CodeScanner } from './code-scanner.tsx';
import { bookingsMessages } from './bookings.messages.ts';
import type { BookingsT } from './deal-words.ts';
import { showRefusal, useDialogExit } from '@/components/dialog-exit.ts';

const handover = handoverMutation();

/** Where the six digits go: the same in both languages. */
const DOTS = '••••••';

/** The right code, but the card provider has not answered the capture yet: nothing more to do. */
const isCapturePending = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && error.code === 'payments_unavailable';

/** What the seller does before the code: check the bike, and with a deposit, take the rest in cash. */
function handoverLine(booking: Booking, t: BookingsT, locale: Locale): string {
  const split = depositOf(booking);
  const cash = split ? t('takeRest', { cash: formatTaka(split.inCash, locale) }) : '';
  return `${t('safetyLine')}${cash}${t('thenEnterCode', { buyer: booking.buyerName })}`;
}

export function HandoverButton({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        // Two lines in a desktop's table, beside Call off; one on a phone's card.
        className="max-w-32 rounded-lg bg-brand-700 px-3 py-1.5 text-sm leading-tight font-semibold text-white shadow-sm hover:bg-brand-800 max-sm:max-w-none"
      >
        {t('enterHandoverCode')}
      </button>
      {open && (
        <HandoverDialog
          booking={booking}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function HandoverDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const action = useMutation(handover);
  const { opener, closeRef, close } = useDialogExit(onClose);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  // A scanned code fills the field, as if typed; the seller still presses Hand over.
  const scanned = useCallback(
    (code: string) => {
      setValue('code', code, { shouldValidate: true });
      codeRef.current?.focus();
    },
    [setValue],
  );
  const { ref: registerCode, ...codeField } = register('code', {
    // A Bangla keyboard types Bengali digits: read them as the code's.
    setValueAs: (value: string) => toLatinDigits(value).replace(/\D/g, ''),
    validate: (value) => /^\d{6}$/.test(value) || t('codeRequired'),
  });

  const onSubmit = async ({ code }: { code: string }) => {
    if (action.isPending || pending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ booking, code });
      toast.success(t('handedOver', { bike: booking.productName }));
      close();
    } catch (error) {
      if (isCapturePending(error)) setPending((error as ApiError).message);
      else showRefusal(error, ['code'], setError, setFailure);
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={t('handOverTitle', { bike: booking.productName, buyer: booking.buyerName })}
      description={handoverLine(booking, t, locale)}
      opener={opener}
      initialFocus={codeRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4">
        <FormField id="handover-code" label={t('handoverCode')} error={errors.code?.message}>
          <FieldInput
            id="handover-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder={DOTS}
            error={errors.code?.message}
            readOnly={pending !== null}
            className="pl-[0.4em] text-center font-mono text-2xl tracking-[0.4em] tabular-nums"
            ref={(element) => {
              registerCode(element);
              codeRef.current = element;
            }}
            {...codeField}
          />
        </FormField>
        <CodeScanner onCode={scanned} disabled={pending !== null || action.isPending} />
        {pending ? (
          // Only a right code gets here, so there is no refusal to show above it.
          <CapturePending message={pending} onClose={close} />
        ) : (
          <DialogFormFooter
            failure={failure}
            cancelLabel={t('notYet')}
            confirmLabel={t('handOver')}
            busyLabel={t('checking')}
            tone="primary"
            busy={action.isPending}
            onCancel={close}
          />
        )}
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
