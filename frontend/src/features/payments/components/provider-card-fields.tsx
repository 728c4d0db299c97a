// The card inputs of the provider the server names: the built-in test mode's form, or
// Stripe Elements (loaded only when Stripe takes the payments).
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/spinner.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';
import type { CardFieldsProps } from './card-payment-provider.ts';
import { TestModeCardFields } from './test-mode-card-fields.tsx';

const StripeCardFields = lazy(() => import('./stripe-card-fields.tsx'));

/** Whether this page can take cards through `provider` with what the server gave it. */
export function canTakeCards(provider: string, publishableKey?: string | null): boolean {
  return provider === 'test' || (provider === 'stripe' && Boolean(publishableKey));
}

export function ProviderCardFields({
  provider,
  publishableKey,
  ...props
}: CardFieldsProps & { provider: string; publishableKey?: string | null }) {
  const t = useT(paymentsMessages);
  if (provider === 'test') return <TestModeCardFields {...props} />;
  if (provider === 'stripe' && publishableKey) {
    return (
      <Suspense
        fallback={
          <div className="flex items-center gap-3 py-3 text-stone-600">
            <Spinner label={t('loadingCardForm')} />
            {t('loadingCardFormNow')}
          </div>
        }
      >
        <StripeCardFields publishableKey={publishableKey} {...props} />
      </Suspense>
    );
  }
  return null;
}
