// Bangladeshi mobile numbers and the SMS codes that confirm them, read as the server reads
// them (docs/trust.md, "Phones confirmed by a code"): `01[3-9]` and eight digits, or with
// `+880` / `880` before it, in Latin or Bengali digits, with spaces, dashes, dots or
// brackets between; kept as `+8801XXXXXXXXX` and shown as people here write one,
// `01712-345678`.
import { toLatinDigits } from './i18n/numbers.ts';

/** The number as the server keeps it (`+8801712345678`), or null for anything else. */
export function mobileNumber(written: string): string | null {
  const text = toLatinDigits(written.trim());
  if (!/^\+?[0-9 ().-]*$/.test(text)) return null;
  const digits = text.replace(/[^0-9]/g, '');
  const national = digits.length === 13 && digits.startsWith('880') ? digits.slice(2) : digits;
  return /^01[3-9][0-9]{8}$/.test(national) ? `+88${national}` : null;
}

/** `+8801712345678` (or any way of writing it) as read in Bangladesh: `01712-345678`; anything else as it is. */
export function localPhone(number: string): string {
  const kept = mobileNumber(number);
  if (kept === null) return number;
  const national = kept.slice(3);
  return `${national.slice(0, 5)}-${national.slice(5)}`;
}

/** A code typed or filled in from the SMS: its digits, Bengali ones read as Latin. */
export function codeDigits(written: string): string {
  return toLatinDigits(written).replace(/[^0-9]/g, '');
}

/** Whether `code` (as `codeDigits` gives it) is the six digits an SMS carries. */
export function isSixDigits(code: string): boolean {
  return /^[0-9]{6}$/.test(code);
}
