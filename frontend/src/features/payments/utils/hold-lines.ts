// What a card or bKash hold does with the buyer's money, in one honest line with the
// amounts, when the listing asks a deposit: the deposit is held now and taken at the
// handover, and the rest is paid in cash there. (A hold of the whole price has its own
// line beside each way of paying.)
import { formatPrice } from '@/utils/format-price.ts';
import type { MethodChoice } from '@/features/payments/api/get-payment-methods.ts';

const WHERE = { card: 'on your card', bkash: 'in your bKash wallet' } as const;

/** "৳20,000 held on your card now: taken only when … ৳1,65,000 in cash at the meet-up." */
export function depositHoldLine(choice: Pick<MethodChoice, 'hold' | 'atHandover'>, method: 'card' | 'bkash'): string {
  return (
    `${formatPrice(choice.hold)} held ${WHERE[method]} now: taken only when you hand over your code at the meet-up, ` +
    `released if the deal is called off. ${formatPrice(choice.atHandover)} in cash at the meet-up.`
  );
}
