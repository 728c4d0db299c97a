// Message, offer and block times in Dhaka's time, in the page's language: English is
// exactly `formatDhakaTime`'s "Fri 27 Nov, 5:30 pm"; Bangla says the weekday, the month
// and the part of the day as people do, in Bengali digits: "শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০".
// (The same words as the bookings' times, so both read alike.)
import { localDigits, type Locale } from '@/lib/i18n/numbers.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';

const WEEKDAYS = ['রবিবার', 'সোমবার', 'মঙ্গলবার', 'বুধবার', 'বৃহস্পতিবার', 'শুক্রবার', 'শনিবার'];

const MONTHS = [
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
];

const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The part of the day, as a Bangladeshi says the time: ভোর, সকাল, দুপুর, বিকেল, সন্ধ্যা, রাত. */
function partOfDay(hour: number): string {
  if (hour >= 4 && hour < 6) return 'ভোর';
  if (hour >= 6 && hour < 12) return 'সকাল';
  if (hour >= 12 && hour < 15) return 'দুপুর';
  if (hour >= 15 && hour < 18) return 'বিকেল';
  if (hour >= 18 && hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/** "Fri 27 Nov, 5:30 pm" / "শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০", in Dhaka's time; `iso` as it came when unreadable. */
export function dhakaTime(iso: string, locale: Locale): string {
  if (locale !== 'bn') return formatDhakaTime(iso);
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  // Dhaka is UTC+6 all year: its wall clock is UTC's, six hours on.
  const dhaka = new Date(time + DHAKA_OFFSET_MS);
  const hour = dhaka.getUTCHours();
  const clock = `${String(hour % 12 === 0 ? 12 : hour % 12)}:${String(dhaka.getUTCMinutes()).padStart(2, '0')}`;
  const text = `${WEEKDAYS[dhaka.getUTCDay()] ?? ''}, ${String(dhaka.getUTCDate())} ${MONTHS[dhaka.getUTCMonth()] ?? ''}, ${partOfDay(hour)} ${clock}`;
  return localDigits(text, 'bn');
}
