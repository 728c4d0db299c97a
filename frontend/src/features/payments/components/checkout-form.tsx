// The card form of the payment page: Pay stays disabled until the provider and the
// client secret are ready and while paying. The provider's own messages about the card
// (Stripe's as the buyer types, a decline from either provider) show in red directly
// beneath the card inputs; a confirmed payment is recorded (the card now holds the price,
// or the listing's deposit, until the handover), and a payment the server could not
// record is explained beneath the Pay button.
import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/spinner.tsx';
import type { Booking, PaymentIntent } from '@/lib/api/types.ts';
import { useConfig } from '@/lib/config/get-config.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import type { MethodChoice } from '@/features/payments/api/get-payment-methods.ts';
import { useRecordPayment } from '@/features/payments/api/record-payment.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';
import { around, SPOT } from '@/features/payments/utils/around.ts';
import { depositHoldLine } from '@/features/payments/utils/hold-lines.ts';
import type { Billing, CardPaymentProvider } from './card-payment-provider.ts';
import { MethodNote } from './method-note.tsx';
import { canTakeCards, ProviderCardFields } from './provider-card-fields.tsx';

export function CheckoutForm({
  booking,
  choice,
  intent,
  billing,
  onPaid,
}: {
  booking: Booking;
  /** The card as the server offers it: what it holds now, and what is left for cash. */
  choice: MethodChoice;
  /** Undefined while the server prepares it. */
  intent: PaymentIntent | undefined;
  billing: Billing;
  onPaid: (transactionId: string) => void;
}) {
  const t = useT(paymentsMessages);
  const { locale } = useLanguage();
  const publishableKey = useConfig().data?.payments.publishableKey ?? null;
  const supported = intent !== undefined && canTakeCards(intent.provider, publishableKey);
  const card = useRef<CardPaymentProvider>(null);
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);
  const cardErrorId = useId();
  const record = useRecordPayment();
  // A deposit: the card holds part of the price, and the rest is paid in cash at the handover.
  const deposit = choice.atHandover > 0;

  const pay = async () => {
    if (!intent || !card.current || processing) return;
    setProcessing(true);
    setCardError(null);
    setRecordError(null);
    try {
      const result = await card.current.confirm(intent.clientSecret, billing);
      if (result.error) {
        setCardError(result.error.message);
        return;
      }
      const { paymentIntent } = result;
      // The card is only authorised here ("requires_capture"): the money is taken at the
      // handover, when the seller enters the buyer's code.
      if (paymentIntent.status !== 'succeeded' && paymentIntent.status !== 'requires_capture') {
        setCardError(t('notCompleted'));
        return;
      }
      try {
        const recorded = await record.mutateAsync({
          price: booking.price,
          transactionId: paymentIntent.id,
          email: billing.email,
          bookingId: booking.bookingId,
          ordersId: booking._id,
        });
        if (recorded.insertedId) {
          toast.success(t(deposit ? 'depositHeldToast' : 'heldToast'));
          onPaid(paymentIntent.id);
        }
      } catch (failure) {
        // Lost the bike to another buyer, or the booking was cancelled: the server says
        // whether the card was charged. Kept on the page as well as in the toast.
        const message = failure instanceof Error ? failure.message : t('notRecorded');
        setRecordError(message);
        toast.error(message);
      }
    } finally {
      setProcessing(false);
    }
  };

  const canPay = supported && ready && !processing;
  const [payingAsBefore, payingAsAfter] = around(t('payingAs', { name: SPOT, email: billing.email }));

  return (
    <form noValidate onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }} aria-label={t('cardPayment')} className="space-y-5">
      <p className="text-sm text-stone-600">
        {payingAsBefore}
        <span className="font-medium text-stone-900">{billing.name}</span>
        {payingAsAfter}
      </p>
      {!intent ? (
        <div className="flex items-center gap-3 py-6 text-stone-600">
          <Spinner label={t('preparing')} />
          <span>{t('preparingNow')}</span>
        </div>
      ) : supported ? (
        <div>
          <ProviderCardFields
            provider={intent.provider}
            publishableKey={publishableKey}
            ref={card}
            disabled={processing}
            onReadyChange={setReady}
            onMessage={setCardError}
            describedBy={cardError ? cardErrorId : undefined}
          />
          {cardError && (
            <p id={cardErrorId} role="alert" className="mt-2 text-sm font-medium text-red-600">
              {cardError}
            </p>
          )}
        </div>
      ) : (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {t('providerUnsupported', { provider: intent.provider })}
        </p>
      )}
      <p className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700 ring-1 ring-stone-200">
        {deposit ? depositHoldLine(choice, 'card', locale) : t('holdNote')}
      </p>
      <MethodNote choice={choice} />
      <button
        type="submit"
        disabled={!canPay}
        aria-busy={processing}
        className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {processing ? t('processing') : t('pay', { amount: formatTaka(choice.hold, locale) })}
      </button>
      {recordError && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {recordError}
        </p>
      )}
    </form>
  );
}
