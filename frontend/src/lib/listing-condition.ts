// A bike's condition: the three words the listing form offers and the filters search by,
// said in the page's language wherever a listing shows it. The server keeps what the
// seller gave (older listings and other clients may say something else), and a word not
// on the list is shown as it was written.
import { sayByCode } from '@/lib/i18n/catalog.ts';
import type { Locale } from '@/lib/i18n/locale.ts';
import { conditionMessages } from './listing-condition.messages.ts';

type Condition = keyof typeof conditionMessages.en;

export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const satisfies readonly Condition[];

/** A listing's condition in `locale`: its word on the list in that language, else as written. */
export function conditionWord(condition: string, locale: Locale): string {
  return sayByCode(conditionMessages, locale, condition, condition);
}
