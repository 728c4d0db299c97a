import { describe, expect, it } from 'vitest';
import { formatPostTime as formatPostTimeToday } from '@/utils/format-post-time.ts';
import { formatAgo, formatDate, formatMonthYear, formatPostTime } from './dates.ts';

// Times without a zone are the reader's local time, as the functions read them: the tests
// hold in any time zone.
const MONTHS_EN = [
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
];
const MONTHS_BN = [
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
const monthIso = (month: number) => `2026-${String(month + 1).padStart(2, '0')}-05T10:00:00`;

describe('formatDate', () => {
  it('writes day, month and year in either language', () => {
    expect(formatDate('2026-11-28T14:07:00', 'en')).toBe('28 November 2026');
    expect(formatDate('2026-11-28T14:07:00', 'bn')).toBe('২৮ নভেম্বর ২০২৬');
    expect(formatDate('2026-01-01T00:00:00', 'bn')).toBe('১ জানুয়ারি ২০২৬');
    expect(formatDate('2026-12-31T23:59:00', 'en')).toBe('31 December 2026');
    expect(formatDate('2026-11-28')).toBe(formatDate('2026-11-28', 'en'));
  });

  it('names every month', () => {
    for (let month = 0; month < 12; month += 1) {
      expect(formatDate(monthIso(month), 'en')).toBe(`5 ${String(MONTHS_EN[month])} 2026`);
      expect(formatDate(monthIso(month), 'bn')).toBe(`৫ ${String(MONTHS_BN[month])} ২০২৬`);
    }
  });

  it('says in English what the blog’s dates say', () => {
    const blog = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month += 1) {
      const iso = monthIso(month);
      expect(formatDate(iso, 'en')).toBe(blog.format(new Date(iso)));
    }
    expect(formatDate('2026-03-05T08:07:00Z')).toBe(blog.format(new Date('2026-03-05T08:07:00Z')));
  });

  it('leaves a date it cannot read as it came', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(formatDate('soon', 'bn')).toBe('soon');
    expect(formatDate('', 'bn')).toBe('');
  });
});

describe('formatMonthYear', () => {
  it('writes month and year in either language', () => {
    expect(formatMonthYear('2024-01-15T10:00:00', 'en')).toBe('January 2024');
    expect(formatMonthYear('2024-01-15T10:00:00', 'bn')).toBe('জানুয়ারি ২০২৪');
    expect(formatMonthYear('2026-09-30T10:00:00', 'bn')).toBe('সেপ্টেম্বর ২০২৬');
    expect(formatMonthYear('2024-01-15T10:00:00')).toBe('January 2024');
  });

  it('says in English what the seller’s "Member since" says', () => {
    const memberSince = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month += 1) {
      const iso = monthIso(month);
      expect(formatMonthYear(iso, 'en')).toBe(memberSince.format(new Date(iso)));
    }
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatMonthYear('never', 'en')).toBeNull();
    expect(formatMonthYear('never', 'bn')).toBeNull();
  });
});

describe('formatPostTime', () => {
  it('writes day/month/year hour:minute in either language', () => {
    expect(formatPostTime('2026-03-05T14:07:00', 'en')).toBe('5/3/2026 14:07');
    expect(formatPostTime('2026-03-05T14:07:00', 'bn')).toBe('৫/৩/২০২৬ ১৪:০৭');
    expect(formatPostTime('2026-12-31T00:00:00', 'en')).toBe('31/12/2026 0:00');
    expect(formatPostTime('2026-12-31T00:00:00', 'bn')).toBe('৩১/১২/২০২৬ ০:০০');
    expect(formatPostTime('2026-11-28T09:05:00', 'bn')).toBe('২৮/১১/২০২৬ ৯:০৫');
    expect(formatPostTime('2026-03-05T14:07:00')).toBe('5/3/2026 14:07');
  });

  it('says in English exactly what the pages’ post time says', () => {
    const times = ['2026-03-05T08:07:00Z', '2026-03-05T14:07:00', '2026-12-31T23:59:59', '2026-01-01T00:00:00+06:00', 'n/a'];
    for (const iso of times) {
      expect(formatPostTime(iso, 'en')).toBe(formatPostTimeToday(iso));
    }
  });

  it('leaves a time it cannot read as it came', () => {
    expect(formatPostTime('n/a', 'bn')).toBe('n/a');
  });
});

describe('formatAgo', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  const cases: [string, number, string, string][] = [
    ['this instant', 0, 'just now', 'এইমাত্র'],
    ['59 seconds', 59 * SECOND, 'just now', 'এইমাত্র'],
    ['a minute', MINUTE, '1 minute ago', '১ মিনিট আগে'],
    ['a minute and a half', 90 * SECOND, '1 minute ago', '১ মিনিট আগে'],
    ['5 minutes', 5 * MINUTE, '5 minutes ago', '৫ মিনিট আগে'],
    ['59 minutes', 59 * MINUTE + 59 * SECOND, '59 minutes ago', '৫৯ মিনিট আগে'],
    ['an hour', HOUR, '1 hour ago', '১ ঘণ্টা আগে'],
    ['3 hours', 3 * HOUR + 20 * MINUTE, '3 hours ago', '৩ ঘণ্টা আগে'],
    ['23 hours', 23 * HOUR + 59 * MINUTE, '23 hours ago', '২৩ ঘণ্টা আগে'],
    ['a day', DAY, '1 day ago', '১ দিন আগে'],
    ['3 days', 3 * DAY + 5 * HOUR, '3 days ago', '৩ দিন আগে'],
    ['6 days', 6 * DAY + 23 * HOUR, '6 days ago', '৬ দিন আগে'],
    ['a week', 7 * DAY, '1 week ago', '১ সপ্তাহ আগে'],
    ['2 weeks', 15 * DAY, '2 weeks ago', '২ সপ্তাহ আগে'],
    ['29 days', 29 * DAY, '4 weeks ago', '৪ সপ্তাহ আগে'],
    ['30 days', 30 * DAY, '1 month ago', '১ মাস আগে'],
    ['100 days', 100 * DAY, '3 months ago', '৩ মাস আগে'],
    ['364 days', 364 * DAY, '12 months ago', '১২ মাস আগে'],
    ['a year', 365 * DAY, '1 year ago', '১ বছর আগে'],
    ['3 years', 3 * 365 * DAY + DAY, '3 years ago', '৩ বছর আগে'],
    ['12 years', 12 * 365 * DAY + 10 * DAY, '12 years ago', '১২ বছর আগে'],
  ];
  it.each(cases)('%s ago reads "%s" and "%s"', (_, elapsed, en, bn) => {
    expect(formatAgo(before(elapsed), now, 'en')).toBe(en);
    expect(formatAgo(before(elapsed), now, 'bn')).toBe(bn);
  });

  it('speaks English by default, and takes now as a Date or milliseconds', () => {
    expect(formatAgo(before(3 * DAY), now)).toBe('3 days ago');
    expect(formatAgo(before(3 * DAY), now.getTime(), 'bn')).toBe('৩ দিন আগে');
  });

  it('reads a time written in any zone', () => {
    expect(formatAgo('2026-11-28T15:00:00+06:00', now, 'en')).toBe('3 hours ago');
    expect(formatAgo('2026-11-28T15:00:00+06:00', now, 'bn')).toBe('৩ ঘণ্টা আগে');
  });

  it('says "just now" for a time a little ahead of this device’s clock', () => {
    expect(formatAgo(before(-5 * SECOND), now, 'en')).toBe('just now');
    expect(formatAgo(before(-2 * HOUR), now, 'bn')).toBe('এইমাত্র');
  });

  it('leaves a time it cannot read as it came', () => {
    expect(formatAgo('yesterday', now, 'en')).toBe('yesterday');
    expect(formatAgo('', now, 'bn')).toBe('');
  });
});
