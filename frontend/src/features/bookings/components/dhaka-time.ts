// Helpers for the bookings pages' texts: `around` cuts a message where an element goes.
// Dhaka times in both languages are `dhakaTime` and `dhakaDate` of `@/lib/i18n/dates.ts`.
export { dhakaDate, dhakaTime } from '@/lib/i18n/dates.ts';

/** A message with `{marker}` where an element goes, cut there: the text before it and after it. */
export const AT = '\u0000';
export function around(text: string): [string, string] {
  const [before = '', ...after] = text.split(AT);
  return [before, after.join('')];
}
