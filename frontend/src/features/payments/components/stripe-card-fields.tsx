// Stripe Elements' card field (a CardElement), for sites where Stripe takes the
// payments. This module and Stripe.js load only when the payment page needs them, never
// with the rest of the site. Stripe's own messages, as the buyer types and when a card is
// declined, go to the page, which shows them in red beneath the field; the buyer's name
// and e-mail go to Stripe as billing details.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useState } from 'react';
import { useT } from '@/lib/i18n/language-context.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';
import type { CardFieldsProps, CardPaymentProvider } from './card-payment-provider.ts';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for `publishableKey`, loaded once per page load (again after a failure). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

export default function StripeCardFields({ publishableKey, ...props }: CardFieldsProps & { publishableKey: string }) {
  const t = useT(paymentsMessages);
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    stripe.then(
      (loadedStripe) => {
        if (current && !loadedStripe) setFailed(true);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [stripe]);

  if (failed) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
        {t('stripeUnavailable')}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardField {...props} />
    </Elements>
  );
}

function CardField({ ref, disabled, onReadyChange, onMessage, describedBy }: CardFieldsProps) {
  const t = useT(paymentsMessages);
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    onReadyChange(Boolean(stripe && elements && mounted));
  }, [stripe, elements, mounted, onReadyChange]);

  useImperativeHandle(
    ref,
    (): CardPaymentProvider => ({
      confirm: async (clientSecret, billing) => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { error: { message: t('stillLoading') } };
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
        });
        if (result.error) {
          return { error: { message: result.error.message ?? t('notCharged') } };
        }
        return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
      },
    }),
    [stripe, elements, t],
  );

  return (
    <div>
      <p id="stripe-card-label" className="block text-sm font-medium text-stone-800">
        {t('stripeLabel')}
      </p>
      <div
        role="group"
        aria-labelledby="stripe-card-label"
        aria-describedby={describedBy}
        className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-3 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20"
      >
        <CardElement
          options={{
            disabled,
            hidePostalCode: true,
            style: {
              base: { fontSize: '16px', color: '#1c1917', '::placeholder': { color: '#a8a29e' } },
              invalid: { color: '#dc2626' },
            },
          }}
          onReady={() => {
            setMounted(true);
          }}
          onChange={(event) => {
            // Also clears a decline once the buyer edits the card, as Stripe's own forms do.
            onMessage(event.error?.message ?? null);
          }}
        />
      </div>
    </div>
  );
}
