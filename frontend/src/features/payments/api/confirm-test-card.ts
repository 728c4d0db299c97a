// `POST /api/test-mode/confirm-card` {clientSecret, card, billing} (no auth): the built-in
// test-mode provider, standing where Stripe.js would confirm the card. Called with
// `fetch` itself: it answers like Stripe.js (a declined card is a 402 with
// `{error: {message}}`, a normal outcome to show), not with our API's error body.
import type { CardInput } from '@/lib/api/types.ts';
import { translate } from '@/lib/i18n/catalog.ts';
import type { Locale } from '@/lib/i18n/numbers.ts';
import type { Billing, ConfirmResult } from '@/features/payments/components/card-payment-provider.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';

function isConfirmResult(body: unknown): body is ConfirmResult {
  if (typeof body !== 'object' || body === null) return false;
  const { paymentIntent, error } = body as { paymentIntent?: { id?: unknown }; error?: { message?: unknown } };
  return typeof paymentIntent?.id === 'string' || typeof error?.message === 'string';
}

export async function confirmTestCard(
  clientSecret: string,
  card: CardInput,
  billing: Billing,
  locale: Locale = 'en',
): Promise<ConfirmResult> {
  let response: Response;
  try {
    response = await fetch('/api/test-mode/confirm-card', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientSecret, card, billing }),
    });
  } catch {
    return { error: { message: translate(paymentsMessages, locale, 'unreachable') } };
  }
  let body: unknown = undefined;
  try {
    body = await response.json();
  } catch {
    // not JSON: answered below
  }
  if (isConfirmResult(body)) return body;
  // Our own error body: test mode is off, say.
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return { error: { message } };
  const status = String(response.status);
  return { error: { message: translate(paymentsMessages, locale, 'notConfirmed', { status }) } };
}
