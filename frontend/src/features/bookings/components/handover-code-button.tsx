// "Show handover code": the buyer's six digits, large and spaced for showing across a
// table at the meet-up, beside their QR code for a seller who scans, with when to give
// them. Once the seller's wrong tries locked the code, "New code" replaces it.
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { failureLook } from '@/components/dialog-form-footer.tsx';
import { Spinner } from '@/components/spinner.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { newHandoverCodeMutation, useHandoverCode } from '@/features/bookings/api/deal-steps.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { bookingsMessages } from './bookings.messages.ts';
import { useDialogExit } from '@/components/dialog-exit.ts';

const renew = newHandoverCodeMutation();

/** The QR code's encoder loads with this dialog only, not with My Orders. */
const CodeQr = lazy(() => import('./code-qr.tsx'));

/** Where the QR code will be, while its encoder loads: the page does not jump. */
const qrPlaceholder = <span aria-hidden="true" className="size-36 shrink-0 rounded-lg bg-stone-100 sm:size-28" />;

export function HandoverCodeButton({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800"
      >
        {t('showHandoverCode')}
      </button>
      {open && (
        <HandoverCodeDialog
          booking={booking}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function HandoverCodeDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const t = useT(bookingsMessages);
  const { opener, closeRef, close } = useDialogExit(onClose);
  const doneRef = useRef<HTMLButtonElement>(null);
  return createPortal(
    <AlertDialogFrame
      title={t('codeTitle', { bike: booking.productName })}
      description={t('codeLine')}
      opener={opener}
      initialFocus={doneRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <CodeShown bookingId={booking._id} />
      <p className="mt-4 text-sm text-stone-600">{t('safetyLine')}</p>
      <div className="mt-6 flex justify-end">
        <button
          ref={doneRef}
          type="button"
          onClick={close}
          className="rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-semibold text-stone-800 hover:bg-stone-100 max-sm:w-full"
        >
          {t('done')}
        </button>
      </div>
    </AlertDialogFrame>,
    document.body,
  );
}

function CodeShown({ bookingId }: { bookingId: string }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const code = useHandoverCode(bookingId);
  const renewing = useMutation(renew);
  if (code.isPending) {
    return (
      <div className="mt-4 flex justify-center">
        <Spinner label={t('loadingCode')} />
      </div>
    );
  }
  if (code.isError) {
    return (
      <p role="alert" className={failureLook}>
        {code.error.message}
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:gap-5">
        <p
          aria-label={t('codeLabel', { digits: localDigits(code.data.code.split('').join(' '), locale) })}
          className={`pl-[0.35em] font-mono text-4xl font-bold tracking-[0.35em] tabular-nums ${code.data.locked ? 'sm:text-5xl ' : ''}${code.data.locked ? 'text-stone-400 line-through' : 'text-stone-900'}`}
        >
          {code.data.code}
        </p>
        {/* A locked code is not shown to scan. */}
        {!code.data.locked && (
          <Suspense fallback={qrPlaceholder}>
            <CodeQr code={code.data.code} />
          </Suspense>
        )}
      </div>
      {code.data.locked && (
        <>
          <p role="alert" className="text-center text-sm text-red-700">
            {t('codeLocked')}
          </p>
          <button
            type="button"
            aria-disabled={renewing.isPending || undefined}
            onClick={() => {
              if (!renewing.isPending) renewing.mutate(bookingId);
            }}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 aria-disabled:opacity-60"
          >
            {renewing.isPending ? t('makingCode') : t('newCode')}
          </button>
          {renewing.isError && <p className={failureLook}>{renewing.error.message}</p>}
        </>
      )}
    </div>
  );
}
