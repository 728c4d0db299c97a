// The card inputs of the provider the server names ("test" or "stripe").
import type { CardFieldsProps } from './card-payment-provider.ts';
import { TestModeCardFields } from './test-mode-card-fields.tsx';

/** False for a provider this page cannot take cards for yet (Stripe Elements is next). */
export function canTakeCards(provider: string): boolean {
  return provider === 'test';
}

export function ProviderCardFields({ provider, ...props }: CardFieldsProps & { provider: string }) {
  switch (provider) {
    case 'test':
      return <TestModeCardFields {...props} />;
    default:
      return null;
  }
}
