// What a card or bKash hold does with the buyer's money, in one honest line with the
// amounts, when the listing asks a deposit: the deposit is held now and taken at the
// handover, and the rest is paid in cash there. (A hold of the whole price has its own
// line beside each way of paying.)
import { translate } from '@/lib/i18n/catalog.ts';
import { formatTaka, type Locale } from '@/lib/i18n/numbers.ts';
import type { MethodChoice } from '@/features/payments/api/get-payment-methods.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';

/** "৳20,000 held on your card now: taken only when … ৳1,65,000 in cash at the meet-up." */
export function depositHoldLine(
  choice: Pick<MethodChoice, 'hold' | 'atHandover'>,
  method: 'card' | 'bkash',
  locale: Locale = 'en',
): string {
  return translate(paymentsMessages, locale, 'depositHold', {
    deposit: formatTaka(choice.hold, locale),
    method,
    rest: formatTaka(choice.atHandover, locale),
  });
}
