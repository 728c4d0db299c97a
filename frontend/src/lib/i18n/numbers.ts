// Numbers and taka in both of the marketplace's languages. English reads as the
// pages always have (`@/utils/format-price.ts`, the en-IN counts): lakh grouping, Latin
// digits. Bangla groups the same way and writes Bengali digits: ৳১,৮৫,০০০.
//
// Bangla is English's en-IN output with its digits swapped, not `Intl` in 'bn-BD': whether
// 'bn' writes Bengali or Latin digits depends on the CLDR data a browser ships, and this
// way both languages always group, round and sign alike. The parsers read what a person
// types in either language, in either script, on any keyboard.

/** The marketplace's languages; English is the default. */
export type Locale = 'en' | 'bn';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Latin digits written as Bengali ones ("1,85,000" → "১,৮৫,০০০"); all else is kept. */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS.charAt(Number(digit)));
}

/** Bengali digits written as Latin ones ("০১৭১২" → "01712"); all else is kept. */
export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(BENGALI_DIGITS.indexOf(digit)));
}

/** `text` in the locale's digits. */
export function localDigits(text: string, locale: Locale): string {
  return locale === 'bn' ? toBengaliDigits(text) : text;
}

// The same settings the pages' own formatters use: counts (km, results) in en-IN's
// defaults, taka to at most two decimals (paisa show only when there are any).
const count = new Intl.NumberFormat('en-IN');
const taka = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/**
 * A count with lakh grouping: 185000 → "1,85,000" / "১,৮৫,০০০", 10000000 → "1,00,00,000".
 * Fractions keep up to three digits, as en-IN does (the pages' km and result counts).
 */
export function formatNumber(n: number, locale: Locale = 'en'): string {
  return localDigits(count.format(n), locale);
}

/**
 * Taka with ৳ and lakh grouping: 185000 → "৳1,85,000" / "৳১,৮৫,০০০"; paisa only when there
 * are any (1500.5 → "৳1,500.5"). English is exactly `formatPrice`'s: an amount the server
 * sent as a string is read as a number, and one that is not a number is shown as it came.
 */
export function formatTaka(amount: number | string, locale: Locale = 'en'): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return `৳${String(amount)}`;
  return `৳${localDigits(taka.format(value), locale)}`;
}

/**
 * The digits of `text` when its commas group them as en-IN or en-US do: "1,85,000",
 * "1,00,00,000", "185,000" (the first group 1 to 3 digits, the last 3, the ones between
 * all 2 or all 3). Spaces group as commas do ("12 000"), or, with `looseSpaces`, may stand
 * anywhere between two digits (a phone's "01712 345678"). Null for anything else: "1,5"
 * may be a decimal comma, and "1,,000" a slip, so neither is guessed.
 */
function groupedDigits(text: string, looseSpaces: boolean): string | null {
  const joined = looseSpaces ? text.replace(/([0-9])\s(?=[0-9])/gu, '$1') : text;
  const groups = joined.split(/[,\s]/u);
  if (!groups.every((group) => /^[0-9]+$/.test(group))) return null;
  if (groups.length === 1) return joined;
  const first = groups[0]?.length ?? 0;
  const last = groups[groups.length - 1]?.length ?? 0;
  const between = groups.slice(1, -1).map((group) => group.length);
  const lakhs = first <= 2 && between.every((length) => length === 2);
  const thousands = first <= 3 && between.every((length) => length === 3);
  return last === 3 && (lakhs || thousands) ? groups.join('') : null;
}

/** At most 15 digits: every such number is exact in a JavaScript number. */
const MAX_DIGITS = 15;

/**
 * A whole number typed in a km, cc or year field: Latin or Bengali digits (mixed too),
 * grouped by commas as lakh or thousands ("১,২০০", "1,20,000"), spaced anywhere between
 * digits ("12 000", "01712 345678").
 * Null for anything else: empty, letters, a sign, a decimal point, "1,5", over 15 digits.
 * A phone's digits are better kept as text (`toLatinDigits`): a number drops the leading 0.
 */
export function parseWholeNumber(text: string): number | null {
  const digits = groupedDigits(toLatinDigits(text.trim()), true);
  if (digits === null || digits.length > MAX_DIGITS) return null;
  return Number(digits);
}

/** What `parseAmount` read: the taka, and how the page says it back to the person. */
export interface ParsedAmount {
  /** Taka, at most two decimals. */
  value: number;
  /** The amount as the page shows it: `formatTaka(value, locale)`, "৳2,50,000". */
  understood: string;
}

/** The most a price can sensibly be: ten crore taka. */
export const MAX_AMOUNT = 10_00_00_000;

/** How many taka each word that follows a number means, in English, romanised Bangla and Bangla. */
const MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ['k', 1_000],
  ['thousand', 1_000],
  ['hazar', 1_000],
  ['hajar', 1_000],
  ['হাজার', 1_000],
  ['l', 1_00_000],
  ['lakh', 1_00_000],
  ['lakhs', 1_00_000],
  ['lac', 1_00_000],
  ['lacs', 1_00_000],
  ['লাখ', 1_00_000],
  ['লক্ষ', 1_00_000],
  ['cr', 1_00_00_000],
  ['crore', 1_00_00_000],
  ['crores', 1_00_00_000],
  ['koti', 1_00_00_000],
  ['কোটি', 1_00_00_000],
]);

/** Longer than anyone types an amount: not read, so the pattern below never works hard. */
const MAX_TYPED = 64;

/** "৳", "tk", "tk.", "taka", "bdt", "টাকা", "টা." before or after the amount (a RegExp source). */
export const CURRENCY = String.raw`(?:৳|tk\.?|taka|bdt|টাকা|টা\.)`;
const AMOUNT = new RegExp(
  String.raw`^(?:${CURRENCY}\s*)?([0-9][0-9,\s]*?)(?:\.([0-9]+))?\s*([^\s0-9.,৳]*?)\s*(?:${CURRENCY})?$`,
  'u',
);

/**
 * An amount of taka typed in a price or a price filter, in either language: "185000",
 * "1,85,000", "১,৮৫,০০০", "2 lakh", "2L", "1.5 lakh", "১.৫ লাখ", "২ লক্ষ", "1 crore", "১ কোটি",
 * "50k", "50 hazar", "৫০ হাজার", "৳2,50,000", "Tk 250000", "২ লাখ টাকা" — any case, spaces
 * around. `understood` is what the page shows back ("৳2,50,000"), in `locale`.
 *
 * Null for what it cannot read for sure: garbage, a sign ("-5"), two decimal points, a
 * grouping that is not lakh or thousands ("1,5", maybe a decimal comma), more than two
 * decimals of taka ("100.125", "1.234567891 lakh"; "1.100" too, maybe a European 1100),
 * two amounts ("2 lakh 50 hazar"), and more than ten crore.
 */
export function parseAmount(text: string, locale: Locale = 'en'): ParsedAmount | null {
  // Joiners some Bangla keyboards put inside a conjunct (ক্‍ষ) change how it looks, not what it says.
  const typed = toLatinDigits(text.normalize('NFC').replace(/[\u200c\u200d]/gu, '').trim().toLowerCase());
  if (typed.length > MAX_TYPED) return null;
  const match = AMOUNT.exec(typed);
  if (!match) return null;
  const [, whole = '', fraction = '', word = ''] = match;
  const multiplier = word === '' ? 1 : MULTIPLIERS.get(word);
  if (multiplier === undefined) return null;
  // "1.100" may be a European 1100: taka alone is written with at most two decimals.
  if (multiplier === 1 && fraction.length > 2) return null;
  const digits = groupedDigits(whole.trim(), false);
  if (digits === null || digits.length > MAX_DIGITS || fraction.length > MAX_DIGITS) return null;
  // In paisa, exactly: the number's digits times the multiplier, over 10^(its decimals).
  const scaled = BigInt(digits + fraction) * BigInt(multiplier) * 100n;
  const scale = 10n ** BigInt(fraction.length);
  if (scaled % scale !== 0n) return null;
  const paisa = scaled / scale;
  if (paisa > BigInt(MAX_AMOUNT) * 100n) return null;
  const value = Number(paisa) / 100;
  return { value, understood: formatTaka(value, locale) };
}

/** What `groupAsTyped` makes of a field: its new text and where the caret goes. */
export interface Regrouped {
  text: string;
  caret: number;
}

/**
 * A number field regrouped while it is typed: when it holds only digits and commas
 * ("185000", "1850,00", "১৮৫০০০"), the digits grouped as lakh ("1,85,000", "১,৮৫,০০০"),
 * in Bengali digits when any were typed, and the caret after the same digit as before.
 * Anything else ("2 lakh", "1.5", "") is left exactly as typed, caret and all: the
 * field's own check says what it makes of it.
 */
export function groupAsTyped(text: string, caret: number): Regrouped {
  if (!/^[0-9০-৯,]*[0-9০-৯][0-9০-৯,]*$/u.test(text)) return { text, caret };
  const digits = toLatinDigits(text).replace(/,/g, '');
  // Lakh grouping of the digits as they stand: leading zeros stay, nothing is rounded.
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.length === 0 ? [] : (rest.match(/^\d{1,2}(?=(?:\d{2})*$)|\d{2}/g) ?? []);
  const grouped = [...pairs, last].join(',');
  const written = /[০-৯]/u.test(text) ? toBengaliDigits(grouped) : grouped;
  // The caret stays after the same count of digits.
  return { text: written, caret: caretAfterDigits(written, text.slice(0, caret).replace(/,/g, '').length) };
}

/**
 * Where the caret belongs in `formatted` so that `digitsBefore` digits (Latin or Bengali)
 * precede it: the separators a formatting adds must not push the caret back.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/[0-9০-৯]/u.test(formatted.charAt(i))) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
