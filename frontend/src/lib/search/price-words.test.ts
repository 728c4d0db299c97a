import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './listing-filters.ts';
import { readPriceWords, withPriceWords } from './price-words.ts';

describe('readPriceWords', () => {
  it.each([
    // Bangla puts the word after the amount, with the possessive on it or beside it.
    ['২ লাখের নিচে পালসার', { words: 'পালসার', max: 200_000 }],
    ['পালসার ২ লাখের মধ্যে', { words: 'পালসার', max: 200_000 }],
    ['১.৫ লাখের কমে এফজেড', { words: 'এফজেড', max: 150_000 }],
    ['পালসার ২ লাখ পর্যন্ত', { words: 'পালসার', max: 200_000 }],
    ['২০০০০০ এর নিচে হোন্ডা', { words: 'হোন্ডা', max: 200_000 }],
    ['২,০০,০০০-এর নিচে', { words: '', max: 200_000 }],
    ['৫০ হাজারের বেশি', { words: '', min: 50_000 }],
    ['১ লাখ টাকার উপরে ইয়ামাহা', { words: 'ইয়ামাহা', min: 100_000 }],
    ['ইয়ামাহা ১ লাখ থেকে', { words: 'ইয়ামাহা', min: 100_000 }],
    // Romanised Bangla.
    ['pulsar 2 lakh er niche', { words: 'pulsar', max: 200_000 }],
    ['2 lakh niche', { words: '', max: 200_000 }],
    ['50 hazar er beshi mirpur', { words: 'mirpur', min: 50_000 }],
    // English puts it before.
    ['pulsar under 2 lakh', { words: 'pulsar', max: 200_000 }],
    ['Pulsar Under 2L Mirpur', { words: 'Pulsar Mirpur', max: 200_000 }],
    ['fz below ৳1,85,000', { words: 'fz', max: 185_000 }],
    ['apache up to 150k', { words: 'apache', max: 150_000 }],
    ['more than 1 lakh', { words: '', min: 100_000 }],
    ['honda over 1.2 lakh', { words: 'honda', min: 120_000 }],
    ['r15 at least tk 3 lakh', { words: 'r15', min: 300_000 }],
    ['gixxer 2 lakh or less', { words: 'gixxer', max: 200_000 }],
    ['1 lakh or more', { words: '', min: 100_000 }],
    // Ranges, with the unit said once.
    ['১-২ লাখ পালসার', { words: 'পালসার', min: 100_000, max: 200_000 }],
    ['১ থেকে ২ লাখের মধ্যে', { words: '', min: 100_000, max: 200_000 }],
    ['fz 1 to 2 lakh', { words: 'fz', min: 100_000, max: 200_000 }],
    ['between 1.5 and 2 lakh', { words: '', min: 150_000, max: 200_000 }],
    ['from 80k to 1.2 lakh', { words: '', min: 80_000, max: 120_000 }],
    ['2 lakh to 1 lakh', { words: '', min: 100_000, max: 200_000 }],
  ])('reads %j', (q, read) => {
    expect(readPriceWords(q)).toEqual(read);
  });

  it.each([
    // No price said: an amount alone may be a model, a year or engine size.
    'pulsar 150',
    'fz v3 2019',
    'pulsar 2 lakh',
    'yamaha 150 to 160',
    'r15 v4 2021 to 2023',
    // Words about price without an amount, or an amount that does not read.
    'under budget',
    'cheap pulsar',
    'under 1,5 lakh',
    'under 2 lakh 50 hazar',
    '',
  ])('reads no price in %j', (q) => {
    expect(readPriceWords(q)).toBeNull();
  });

  it('reads the first price said and keeps the other words as typed', () => {
    expect(readPriceWords('Bajaj  পালসার under 2 lakh over 1 lakh')).toEqual({
      words: 'Bajaj পালসার over 1 lakh',
      max: 200_000,
    });
  });
});

describe('withPriceWords', () => {
  it('moves the price out of the words into the filters', () => {
    const { filters, price } = withPriceWords({ ...NO_FILTERS, q: '২ লাখের নিচে পালসার', district: 'Dhaka' });
    expect(price).toEqual({ words: 'পালসার', max: 200_000 });
    expect(filters).toEqual({ ...NO_FILTERS, q: 'পালসার', district: 'Dhaka', priceMax: '200000' });
  });

  it('keeps the tighter bound when the filters set one too', () => {
    const given = { ...NO_FILTERS, q: 'pulsar under 2 lakh', priceMin: '50000', priceMax: '150000' };
    expect(withPriceWords(given).filters).toMatchObject({ q: 'pulsar', priceMin: '50000', priceMax: '150000' });
    const looser = { ...NO_FILTERS, q: 'over 1 lakh', priceMin: '50000', priceMax: '300000' };
    expect(withPriceWords(looser).filters).toMatchObject({ q: '', priceMin: '100000', priceMax: '300000' });
  });

  it('leaves filters alone when the words say no price', () => {
    const given = { ...NO_FILTERS, q: 'pulsar 150', priceMax: '200000' };
    expect(withPriceWords(given)).toEqual({ filters: given, price: null });
  });
});
