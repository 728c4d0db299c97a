// What each step of a deal's timeline says, in plain words: "Card hold: ৳1,85,000
// (pi_…)", "Handover code entered: capture claimed", "Called off: Papers missing".
import { CARD_HELD, COMPLETED, PAYING_CASH } from '@/lib/deal-status.ts';
import { formatPrice } from '@/utils/format-price.ts';
import type { DealStep } from '@/features/deals/api/get-deals.ts';

/** What a hold is called by how the buyer pays. */
const HOLD: Record<string, string> = { card: 'Card hold', bkash: 'bKash hold' };

const PAID_BY: Record<string, string> = { cash: 'in cash', card: 'by card', bkash: 'by bKash' };

/** "৳1,85,000 (pi_…)", or just the amount, or nothing when no money moved. */
function money(step: DealStep): string {
  if (step.amount === null || step.amount === undefined) return '';
  return step.providerId ? `${formatPrice(step.amount)} (${step.providerId})` : formatPrice(step.amount);
}

/** "Word: detail", or the word alone when there is no detail. */
function withDetail(word: string, detail: string | null | undefined): string {
  return detail ? `${word}: ${detail}` : word;
}

/** What happened at `step`; `method` is how the deal's buyer pays (card, bkash, cash). */
export function stepWords(step: DealStep, method?: string | null): string {
  switch (step.step) {
    case 'booked':
      return 'Booked';
    case 'passed_on':
      return 'Passed on: the bike is reserved for this buyer';
    case 'meeting_proposed':
      return withDetail('Meeting proposed', step.detail);
    case 'meeting_agreed':
      return withDetail('Meeting agreed', step.detail);
    case 'cash':
      return 'Chose to pay cash at the meet-up';
    case 'held':
      return withDetail(HOLD[method ?? ''] ?? 'Hold', money(step));
    case 'new_code':
      return 'New handover code';
    case 'wrong_code':
      return 'Wrong handover code entered';
    case 'capture_claimed':
      return step.by === 'admin'
        ? withDetail('Money taken without the code', step.detail)
        : 'Handover code entered: capture claimed';
    case 'completed': {
      if (step.amount === null || step.amount === undefined) return 'Completed';
      const paid = PAID_BY[step.detail ?? ''];
      const id = step.providerId ? ` (${step.providerId})` : '';
      return `Completed: ${formatPrice(step.amount)}${paid ? ` ${paid}` : ''}${id}`;
    }
    case 'hold_released':
      return withDetail('Hold released', money(step));
    case 'declined':
      return withDetail('Declined', step.detail);
    case 'released':
      return withDetail('Released', step.detail);
    case 'called_off':
      return withDetail('Called off', step.detail);
    case 'lapsed':
      return 'Ran out of time';
    case 'cancelled':
      return 'Cancelled by the buyer';
    case 'paid':
      return withDetail('Paid by card', money(step));
    case 'payment_undone':
      return withDetail('Payment undone', money(step));
    default:
      return withDetail(step.step.replaceAll('_', ' '), step.detail);
  }
}

/** Who took the step: "Rahim Uddin (buyer)", "An admin", or BikeHaat itself. */
export function stepWho(step: Pick<DealStep, 'by' | 'byName'>): string {
  if (step.by === 'server') return 'BikeHaat';
  return step.byName ? `${step.byName} (${step.by})` : `A ${step.by} whose account is gone`;
}

const STATUS: Record<string, string> = {
  waiting: 'In line',
  reserved: 'Reserved',
  cash: PAYING_CASH,
  held: CARD_HELD,
  completed: COMPLETED,
  declined: 'Declined',
  released: 'Released',
  called_off: 'Called off',
  lapsed: 'Ran out',
  cancelled: 'Cancelled',
  paid: 'Paid',
};

/** A status in words: "Reserved", "Card held" (or "bKash held"), "Completed". */
export function statusWords(status: string, method?: string | null): string {
  if (status === 'held' && method === 'bkash') return 'bKash held';
  return STATUS[status] ?? status.replaceAll('_', ' ');
}
