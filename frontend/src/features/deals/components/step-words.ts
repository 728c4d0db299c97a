// What each step of a deal's timeline says, in plain words: "Card hold: ৳1,85,000
// (pi_…)", "Handover code entered: capture claimed", "Called off: Papers missing". In
// English unless told the page's language.
import { translate, type Values } from '@/lib/i18n/catalog.ts';
import { formatTaka, type Locale } from '@/lib/i18n/numbers.ts';
import { BRAND } from '@/components/brand.ts';
import type { DealStep } from '@/features/deals/api/get-deals.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';

type Key = keyof typeof dealsMessages.en;

/** What a hold is called by how the buyer pays. */
const HOLD: Record<string, Key> = { card: 'cardHold', bkash: 'bkashHold' };

/** "৳1,85,000 (pi_…)", or just the amount, or nothing when no money moved. */
function money(step: DealStep, locale: Locale): string {
  if (step.amount === null || step.amount === undefined) return '';
  const amount = formatTaka(step.amount, locale);
  return step.providerId ? `${amount} (${step.providerId})` : amount;
}

/** "Word: detail", or the word alone when there is no detail. */
function withDetail(word: string, detail: string | null | undefined): string {
  return detail ? `${word}: ${detail}` : word;
}

/** What happened at `step`; `method` is how the deal's buyer pays (card, bkash, cash). */
export function stepWords(step: DealStep, method?: string | null, locale: Locale = 'en'): string {
  const say = (key: Key, values?: Values) => translate(dealsMessages, locale, key, values);
  switch (step.step) {
    case 'booked':
      return say('stepBooked');
    case 'passed_on':
      return say('passedOn');
    case 'meeting_proposed':
      return withDetail(say('meetingProposed'), step.detail);
    case 'meeting_agreed':
      return withDetail(say('meetingAgreed'), step.detail);
    case 'cash':
      return say('choseCash');
    case 'held':
      return withDetail(say(HOLD[method ?? ''] ?? 'hold'), money(step, locale));
    case 'new_code':
      return say('newCode');
    case 'wrong_code':
      return say('wrongCode');
    case 'capture_claimed':
      return step.by === 'admin' ? withDetail(say('takenWithoutCode'), step.detail) : say('captureClaimed');
    case 'completed': {
      if (step.amount === null || step.amount === undefined) return say('completed');
      const id = step.providerId ? ` (${step.providerId})` : '';
      return `${say('completedAmount', { amount: formatTaka(step.amount, locale), paid: step.detail ?? '' })}${id}`;
    }
    case 'hold_released':
      return withDetail(say('holdReleased'), money(step, locale));
    case 'declined':
      return withDetail(say('declined'), step.detail);
    case 'released':
      return withDetail(say('released'), step.detail);
    case 'called_off':
      return withDetail(say('calledOff'), step.detail);
    case 'lapsed':
      return say('ranOutOfTime');
    case 'cancelled':
      return say('cancelledByBuyer');
    case 'paid':
      return withDetail(say('paidByCard'), money(step, locale));
    case 'payment_undone':
      return withDetail(say('paymentUndone'), money(step, locale));
    default:
      return withDetail(step.step.replaceAll('_', ' '), step.detail);
  }
}

/** Who took the step: "Rahim Uddin (buyer)", "An admin", or BikeHaat itself. */
export function stepWho(step: Pick<DealStep, 'by' | 'byName'>, locale: Locale = 'en'): string {
  if (step.by === 'server') return BRAND;
  return step.byName
    ? translate(dealsMessages, locale, 'who', { name: step.byName, by: step.by })
    : translate(dealsMessages, locale, 'whoGone', { by: step.by });
}

const STATUS: Record<string, Key> = {
  waiting: 'inLine',
  reserved: 'reserved',
  cash: 'payingCash',
  held: 'cardHeld',
  completed: 'completed',
  declined: 'declined',
  released: 'released',
  called_off: 'calledOff',
  lapsed: 'ranOut',
  cancelled: 'cancelled',
  paid: 'paid',
};

/** A status in words: "Reserved", "Card held" (or "bKash held"), "Completed". */
export function statusWords(status: string, method?: string | null, locale: Locale = 'en'): string {
  const key = status === 'held' && method === 'bkash' ? 'bkashHeld' : STATUS[status];
  return key ? translate(dealsMessages, locale, key) : status.replaceAll('_', ' ');
}
