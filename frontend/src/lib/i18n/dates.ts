// Dates in both of the marketplace's languages, in the reader's local time as
// the pages show them now. English is exactly what the pages say today: the blog's
// "28 November 2026", the seller's "January 2024", a post's "5/3/2026 14:07"
// (docs/product.md: day/month/year hour:minute). Bangla says the same with its month
// names and digits: "২৮ নভেম্বর ২০২৬", "৫/৩/২০২৬ ১৪:০৭".
//
// Tables rather than `Intl` in 'bn-BD': its dates put a comma after the month
// ("২৮ নভেম্বর, ২০২৬"), its relative times say "এখন" for now and "পূর্বে" for years but "আগে"
// for the rest, and its digits depend on the CLDR data each browser ships.
import { formatDhakaDate, formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { localDigits, type Locale } from './numbers.ts';

const MONTHS: Readonly<Record<Locale, readonly string[]>> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  bn: [
    'জানুয়ারি',
    'ফেব্রুয়ারি',
    'মার্চ',
    'এপ্রিল',
    'মে',
    'জুন',
    'জুলাই',
    'আগস্ট',
    'সেপ্টেম্বর',
    'অক্টোবর',
    'নভেম্বর',
    'ডিসেম্বর',
  ],
};

/** The date `iso` names, or null when it names none. */
function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function monthName(date: Date, locale: Locale): string {
  return MONTHS[locale][date.getMonth()] ?? '';
}

/** "28 November 2026" / "২৮ নভেম্বর ২০২৬" (the blog's dates); `iso` as it came when unreadable. */
export function formatDate(iso: string, locale: Locale = 'en'): string {
  const date = dateOf(iso);
  if (!date) return iso;
  return localDigits(`${String(date.getDate())} ${monthName(date, locale)} ${String(date.getFullYear())}`, locale);
}

/** "January 2024" / "জানুয়ারি ২০২৪" (a seller's "Member since"); null when `iso` is unreadable. */
export function formatMonthYear(iso: string, locale: Locale = 'en'): string | null {
  const date = dateOf(iso);
  if (!date) return null;
  return localDigits(`${monthName(date, locale)} ${String(date.getFullYear())}`, locale);
}

/**
 * A listing's posting time, day/month/year hour:minute (docs/product.md): "5/3/2026 14:07" /
 * "৫/৩/২০২৬ ১৪:০৭"; `iso` as it came when unreadable. English is `formatPostTime`'s.
 */
export function formatPostTime(iso: string, locale: Locale = 'en'): string {
  const date = dateOf(iso);
  if (!date) return iso;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const day = `${String(date.getDate())}/${String(date.getMonth() + 1)}/${String(date.getFullYear())}`;
  return localDigits(`${day} ${String(date.getHours())}:${minutes}`, locale);
}

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** English's one and many of each unit; Bangla says "৩ দিন আগে" for any count. */
const UNITS: Readonly<Record<Unit, { en: readonly [string, string]; bn: string }>> = {
  minute: { en: ['minute', 'minutes'], bn: 'মিনিট' },
  hour: { en: ['hour', 'hours'], bn: 'ঘণ্টা' },
  day: { en: ['day', 'days'], bn: 'দিন' },
  week: { en: ['week', 'weeks'], bn: 'সপ্তাহ' },
  month: { en: ['month', 'months'], bn: 'মাস' },
  year: { en: ['year', 'years'], bn: 'বছর' },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest unit that fits in `elapsed` milliseconds (a minute or more), and how many. */
function largestUnit(elapsed: number): [number, Unit] {
  const days = Math.floor(elapsed / DAY);
  if (elapsed < HOUR) return [Math.floor(elapsed / MINUTE), 'minute'];
  if (elapsed < DAY) return [Math.floor(elapsed / HOUR), 'hour'];
  if (days < 7) return [days, 'day'];
  if (days < 30) return [Math.floor(days / 7), 'week'];
  if (days < 365) return [Math.floor(days / 30), 'month'];
  return [Math.floor(days / 365), 'year'];
}

/**
 * How long ago `iso` was at `now`, whole units rounded down: "just now" / "এইমাত্র" under a
 * minute (and for a time a little ahead of this device's clock), then "5 minutes ago" /
 * "৫ মিনিট আগে", hours, days under a week, weeks under 30 days, months (of 30 days) under a
 * year, then years. `iso` as it came when unreadable.
 */
export function formatAgo(iso: string, now: Date | number, locale: Locale = 'en'): string {
  const date = dateOf(iso);
  if (!date) return iso;
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - date.getTime();
  if (!(elapsed >= MINUTE)) return locale === 'bn' ? 'এইমাত্র' : 'just now';
  const [count, unit] = largestUnit(elapsed);
  if (locale === 'bn') return `${localDigits(String(count), 'bn')} ${UNITS[unit].bn} আগে`;
  const [one, many] = UNITS[unit].en;
  return `${String(count)} ${count === 1 ? one : many} ago`;
}

const WEEKDAYS_BN = ['রবিবার', 'সোমবার', 'মঙ্গলবার', 'বুধবার', 'বৃহস্পতিবার', 'শুক্রবার', 'শনিবার'];

/** Dhaka is UTC+6 all year (no summer time). */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The part of the day, as a Bangladeshi says a 12-hour time: ভোর, সকাল, দুপুর, বিকেল, সন্ধ্যা, রাত. */
function partOfDay(hour: number): string {
  if (hour >= 4 && hour < 6) return 'ভোর';
  if (hour >= 6 && hour < 12) return 'সকাল';
  if (hour >= 12 && hour < 15) return 'দুপুর';
  if (hour >= 15 && hour < 18) return 'বিকেল';
  if (hour >= 18 && hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

function dhakaBangla(iso: string, withYear: boolean): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  // Dhaka's wall clock, read through the UTC getters.
  const dhaka = new Date(time + DHAKA_OFFSET_MS);
  const hour = dhaka.getUTCHours();
  const clock = `${String(hour % 12 || 12)}:${String(dhaka.getUTCMinutes()).padStart(2, '0')}`;
  const year = withYear ? ` ${String(dhaka.getUTCFullYear())}` : '';
  const day = `${WEEKDAYS_BN[dhaka.getUTCDay()] ?? ''}, ${String(dhaka.getUTCDate())} ${MONTHS.bn[dhaka.getUTCMonth()] ?? ''}`;
  return localDigits(`${day}${year}, ${partOfDay(hour)} ${clock}`, 'bn');
}

/**
 * A meeting's, hold's or deal's moment in Dhaka's time: English exactly as
 * `formatDhakaTime` says it ("Fri 27 Nov, 5:30 pm"), Bangla with the weekday, the month,
 * the part of the day and Bengali digits ("শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০"), as the
 * notifications and mails say it.
 */
export function dhakaTime(iso: string, locale: Locale): string {
  return locale === 'bn' ? dhakaBangla(iso, false) : formatDhakaTime(iso);
}

/** The same with the year, for a receipt: "Fri 27 Nov 2026, 5:30 pm" / "শুক্রবার, ২৭ নভেম্বর ২০২৬, বিকেল ৫:৩০". */
export function dhakaDate(iso: string, locale: Locale): string {
  return locale === 'bn' ? dhakaBangla(iso, true) : formatDhakaDate(iso);
}
