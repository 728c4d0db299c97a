// A price said in the search box's words, as buyers say it: "২ লাখের নিচে পালসার",
// "pulsar under 2 lakh", "১-২ লাখ", "50 hazar er beshi", "FZ between 1.5 and 2 lakh".
// The page reads it out of the words and searches with it as the price filter
// (`withPriceWords`): the box keeps what was typed, and the server, which matches every
// word it is sent, is sent the other words alone. docs/search.md, "Prices in the words".
import { CURRENCY, parseAmount } from '@/lib/i18n/numbers.ts';
import type { ListingFilters } from './listing-filters.ts';

/** What the words said of the price: the words left for the search, and taka bounds. */
export interface PriceWords {
  words: string;
  /** Taka, inclusive. */
  min?: number;
  /** Taka, inclusive. */
  max?: number;
}

/** Words before an amount that make it the highest price: "under 2 lakh". */
const MAX_BEFORE = ['under', 'below', 'upto', 'within', 'max', 'maximum', 'budget', '<', '<=', '≤'];
/** …or the lowest: "over 1 lakh". */
const MIN_BEFORE = ['over', 'above', 'min', 'minimum', 'from', '>', '>=', '≥'];
/** Two-word forms of the same: "up to 2 lakh", "more than 1 lakh". */
const MAX_BEFORE_PAIRS = ['up to', 'less than', 'at most', 'not over'];
const MIN_BEFORE_PAIRS = ['more than', 'at least', 'starting from'];
/**
 * Words after an amount that make it the highest price: Bangla puts them after
 * ("২ লাখের নিচে", "২ লাখের মধ্যে", "২ লাখ পর্যন্ত"), romanised too ("2 lakh er niche").
 */
const MAX_AFTER = [
  'নিচে',
  'নীচে',
  'কমে',
  'কম',
  'মধ্যে',
  'ভিতরে',
  'ভেতরে',
  'পর্যন্ত',
  'অবধি',
  'niche',
  'kome',
  'kom',
  'moddhe',
  'modhe',
  'porjonto',
  'max',
];
/** …or the lowest: "১ লাখের বেশি", "১ লাখের উপরে", "১ লাখ থেকে". */
const MIN_AFTER = ['বেশি', 'বেশী', 'উপরে', 'ওপরে', 'ঊর্ধ্বে', 'থেকে', 'beshi', 'besi', 'upore', 'opore', 'theke', 'plus', '+'];
/** English pairs after an amount: "2 lakh or less", "1 lakh or more". */
const MAX_AFTER_PAIRS = ['or less', 'or below', 'or under'];
const MIN_AFTER_PAIRS = ['or more', 'or above', 'or over'];
/** What joins the two ends of a range: "1 to 2 lakh", "১ থেকে ২ লাখ", "1-2 lakh". */
const RANGE_JOINS = ['to', '-', '–', 'থেকে', 'theke'];
/** What opens a range, and the words that join its ends then: "between 1 and 2 lakh". */
const RANGE_OPENERS = ['between', 'from'];
const OPENED_JOINS = [...RANGE_JOINS, 'and', '&'];
/** A possessive on its own between an amount and what follows: "২০০০০০ এর নিচে", "2 lakh er niche". */
const POSSESSIVES = ['এর', 'er', 'r'];
/** The possessive as Bangla writes it on the word: লাখের, হাজারের, টাকার, ২০০০০০-এর. */
const POSSESSIVE_ENDING = /(?:-?এর|ের|র|-er)$/u;

/** The most words read as one amount: "২", "লাখ", "টাকার". */
const AMOUNT_WORDS = 3;

/** A word as the reader compares it: one Unicode form, no joiners, lower case. */
function plain(word: string): string {
  return word.normalize('NFC').replace(/[\u200c\u200d]/gu, '').toLowerCase();
}

interface Amount {
  value: number;
  /** How many words it took. */
  length: number;
  /** Whether it ended in a possessive ("লাখের"), which a word after it completes. */
  possessive: boolean;
  /** Whether a word said how much the digits are: lakh, hazar, k, কোটি… ("2 lakh", "2L"). */
  scaled: boolean;
  /** Whether it says it is money: scaled, or with ৳, tk or টাকা. */
  money: boolean;
}

/** Taka's signs and names, as `parseAmount` takes them around an amount. */
const TAKA = new RegExp(CURRENCY, 'gu');
const NOT_DIGITS = /[^\s0-9০-৯.,]/u;

/** The amount that starts at `words[at]`, the longest that reads. */
function amountAt(words: readonly string[], at: number): Amount | null {
  const first = words[at] ?? '';
  if (!/[0-9০-৯]/u.test(first) && first.replace(TAKA, '') !== '') return null;
  for (let length = Math.min(AMOUNT_WORDS, words.length - at); length >= 1; length -= 1) {
    const text = words.slice(at, at + length).join(' ');
    const stem = text.replace(POSSESSIVE_ENDING, '');
    const whole = parseAmount(text);
    const read = whole ?? (stem === text ? null : parseAmount(stem));
    if (read === null) continue;
    return {
      value: read.value,
      length,
      possessive: whole === null,
      scaled: NOT_DIGITS.test(stem.replace(TAKA, '')),
      money: NOT_DIGITS.test(stem),
    };
  }
  return null;
}

/** Whether `pairs` holds the two words at `at` ("up to"). */
const pairAt = (words: readonly string[], at: number, pairs: readonly string[]) =>
  at >= 0 && pairs.includes(`${words[at] ?? ''} ${words[at + 1] ?? ''}`);

/**
 * The range whose first end is `first`, with its join at `at`: "1 to 2 lakh", "১-২ লাখ",
 * "between 1 and 2 lakh" (`opened`), "১ থেকে ২ লাখের মধ্যে". Two bare numbers ("150 to 160")
 * are not a price: the second end must say taka or lakh, or a word must open or close it.
 */
function rangeAfter(
  words: readonly string[],
  first: Amount,
  at: number,
  opened: boolean,
): { low: number; high: number; end: number } | null {
  if (!(opened ? OPENED_JOINS : RANGE_JOINS).includes(words[at] ?? '')) return null;
  const second = amountAt(words, at + 1);
  if (!second) return null;
  let low = first.value;
  // "1 to 2 lakh": the first end is said in the second's unit.
  if (!first.scaled && second.scaled) {
    const unit = words.slice(at + 2, at + 1 + second.length).join(' ').replace(POSSESSIVE_ENDING, '');
    const scaled = parseAmount(`${words.slice(at - first.length, at).join(' ')} ${unit}`);
    if (scaled) low = scaled.value;
  }
  let end = at + 1 + second.length;
  // "১ থেকে ২ লাখের মধ্যে": the closing word belongs to the range.
  const closing = POSSESSIVES.includes(words[end] ?? '') && !second.possessive ? end + 1 : end;
  const closed = MAX_AFTER.includes(words[closing] ?? '');
  if (closed) end = closing + 1;
  if (!opened && !closed && !second.money) return null;
  const [lower, higher] = low <= second.value ? [low, second.value] : [second.value, low];
  return { low: lower, high: higher, end };
}

/** "1-2" in one word, split so that its ends read as two words around a join. */
function splitDashes(words: readonly string[]): string[] {
  return words.flatMap((word) => {
    const match = /^([0-9০-৯][0-9০-৯.,]*)[-–]([0-9০-৯].*)$/u.exec(word);
    return match ? [match[1] ?? '', '-', match[2] ?? ''] : [word];
  });
}

/**
 * The price said in `q`, or null when it says none: an amount with a word that makes it
 * the highest or the lowest price, or a range. An amount alone ("pulsar 2 lakh") is not
 * read: it may be a model or a year. Only the first price said is read.
 */
export function readPriceWords(q: string): PriceWords | null {
  const typed = splitDashes(q.trim().split(/\s+/u).filter(Boolean));
  const words = typed.map(plain);
  for (let at = 0; at < words.length; at += 1) {
    const amount = amountAt(words, at);
    if (!amount) continue;
    // "2 lakh 50 hazar": two amounts in a row are one the reader cannot add up for sure.
    if (amountAt(words, at + amount.length)) {
      at += amount.length;
      continue;
    }
    let start = at;
    let end = at + amount.length;
    let bound: Omit<PriceWords, 'words'> | null = null;

    const before = words[at - 1] ?? '';
    const range = rangeAfter(words, amount, end, RANGE_OPENERS.includes(before));
    if (range) {
      // "1-2 lakh", "between 1 and 2 lakh", "from 1 to 2 lakh".
      bound = { min: range.low, max: range.high };
      if (RANGE_OPENERS.includes(before)) start = at - 1;
      end = range.end;
    } else if (MAX_BEFORE.includes(before)) {
      // Before it: "under 2 lakh", "up to 2 lakh", "more than 1 lakh".
      bound = { max: amount.value };
      start = at - 1;
    } else if (MIN_BEFORE.includes(before)) {
      bound = { min: amount.value };
      start = at - 1;
    } else if (pairAt(words, at - 2, MAX_BEFORE_PAIRS)) {
      bound = { max: amount.value };
      start = at - 2;
    } else if (pairAt(words, at - 2, MIN_BEFORE_PAIRS)) {
      bound = { min: amount.value };
      start = at - 2;
    } else {
      // After it: "২ লাখের নিচে", "২০০০০০ এর নিচে", "2 lakh er niche", "1 lakh or more".
      const next = POSSESSIVES.includes(words[end] ?? '') && !amount.possessive ? end + 1 : end;
      if (MAX_AFTER.includes(words[next] ?? '')) {
        bound = { max: amount.value };
        end = next + 1;
      } else if (MIN_AFTER.includes(words[next] ?? '')) {
        bound = { min: amount.value };
        end = next + 1;
      } else if (pairAt(words, next, MAX_AFTER_PAIRS)) {
        bound = { max: amount.value };
        end = next + 2;
      } else if (pairAt(words, next, MIN_AFTER_PAIRS)) {
        bound = { min: amount.value };
        end = next + 2;
      }
    }
    if (bound === null) continue;
    const left = [...typed.slice(0, start), ...typed.slice(end)].join(' ');
    return { words: left, ...bound };
  }
  return null;
}

/** The tighter of two bounds, either of which may be missing ('' or undefined). */
function tighter(given: string, said: number | undefined, pick: (a: number, b: number) => number): string {
  if (said === undefined) return given;
  const set = given === '' ? null : Number(given);
  return String(set === null || Number.isNaN(set) ? said : pick(set, said));
}

/**
 * The filters with a price said in the words moved to the price filters (both must
 * hold, so the tighter bound wins), and what was read; the filters as they are when the
 * words say no price.
 */
export function withPriceWords(filters: ListingFilters): { filters: ListingFilters; price: PriceWords | null } {
  const price = readPriceWords(filters.q);
  if (price === null) return { filters, price };
  return {
    price,
    filters: {
      ...filters,
      q: price.words,
      priceMin: tighter(filters.priceMin, price.min, Math.max),
      priceMax: tighter(filters.priceMax, price.max, Math.min),
    },
  };
}
