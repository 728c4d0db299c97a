import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/utils/format-price.ts';
import {
  formatNumber,
  formatTaka,
  groupAsTyped,
  localDigits,
  MAX_AMOUNT,
  parseAmount,
  parseWholeNumber,
  toBengaliDigits,
  toLatinDigits,
} from './numbers.ts';

describe('digits', () => {
  it('writes Latin digits as Bengali ones and back, leaving everything else alone', () => {
    expect(toBengaliDigits('0123456789')).toBe('০১২৩৪৫৬৭৮৯');
    expect(toLatinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(toBengaliDigits('৳1,85,000.50 km')).toBe('৳১,৮৫,০০০.৫০ km');
    expect(toLatinDigits('১,৮৫,০০০ টাকা')).toBe('1,85,000 টাকা');
    expect(toLatinDigits('01৭12 ৩4৫')).toBe('01712 345');
    expect(toBengaliDigits('')).toBe('');
    expect(toLatinDigits('no digits')).toBe('no digits');
    expect(toBengaliDigits('১২ already')).toBe('১২ already');
  });

  it('round-trips', () => {
    const text = 'Honda CB 150R, 2021, 14,500 km';
    expect(toLatinDigits(toBengaliDigits(text))).toBe(text);
  });

  it('writes in the locale’s digits', () => {
    expect(localDigits('5/3/2026', 'en')).toBe('5/3/2026');
    expect(localDigits('5/3/2026', 'bn')).toBe('৫/৩/২০২৬');
  });
});

describe('formatNumber', () => {
  const cases: [number, string, string][] = [
    [0, '0', '০'],
    [7, '7', '৭'],
    [950, '950', '৯৫০'],
    [1000, '1,000', '১,০০০'],
    [99_999, '99,999', '৯৯,৯৯৯'],
    [1_00_000, '1,00,000', '১,০০,০০০'],
    [1_85_000, '1,85,000', '১,৮৫,০০০'],
    [10_00_000, '10,00,000', '১০,০০,০০০'],
    [99_99_999, '99,99,999', '৯৯,৯৯,৯৯৯'],
    [1_00_00_000, '1,00,00,000', '১,০০,০০,০০০'],
    [1_23_45_678, '1,23,45,678', '১,২৩,৪৫,৬৭৮'],
    [10_00_00_000, '10,00,00,000', '১০,০০,০০,০০০'],
    [-1_85_000, '-1,85,000', '-১,৮৫,০০০'],
    [1500.5, '1,500.5', '১,৫০০.৫'],
    [12.345, '12.345', '১২.৩৪৫'],
  ];
  it.each(cases)('%d reads "%s" in English and "%s" in Bangla', (n, en, bn) => {
    expect(formatNumber(n, 'en')).toBe(en);
    expect(formatNumber(n, 'bn')).toBe(bn);
  });

  it('speaks English by default, as the pages’ en-IN counts do', () => {
    const count = new Intl.NumberFormat('en-IN');
    for (const n of [0, 14_500, 99_999, 1_00_000, 1_23_45_678, 1.2345]) {
      expect(formatNumber(n)).toBe(count.format(n));
    }
  });
});

describe('formatTaka', () => {
  const cases: [number, string, string][] = [
    [0, '৳0', '৳০'],
    [950, '৳950', '৳৯৫০'],
    [99_999, '৳99,999', '৳৯৯,৯৯৯'],
    [1_00_000, '৳1,00,000', '৳১,০০,০০০'],
    [1_85_000, '৳1,85,000', '৳১,৮৫,০০০'],
    [10_00_000, '৳10,00,000', '৳১০,০০,০০০'],
    [1_00_00_000, '৳1,00,00,000', '৳১,০০,০০,০০০'],
    [1500.5, '৳1,500.5', '৳১,৫০০.৫'],
    [1500.25, '৳1,500.25', '৳১,৫০০.২৫'],
    [999_999.99, '৳9,99,999.99', '৳৯,৯৯,৯৯৯.৯৯'],
    [-1_85_000, '৳-1,85,000', '৳-১,৮৫,০০০'],
  ];
  it.each(cases)('%d reads "%s" in English and "%s" in Bangla', (amount, en, bn) => {
    expect(formatTaka(amount, 'en')).toBe(en);
    expect(formatTaka(amount, 'bn')).toBe(bn);
  });

  it('rounds to paisa', () => {
    expect(formatTaka(1500.456, 'en')).toBe('৳1,500.46');
    expect(formatTaka(1500.456, 'bn')).toBe('৳১,৫০০.৪৬');
    expect(formatTaka(1500.001)).toBe('৳1,500');
  });

  it('reads an amount sent as a string, and shows one that is not a number as it came', () => {
    expect(formatTaka('250000', 'en')).toBe('৳2,50,000');
    expect(formatTaka('250000', 'bn')).toBe('৳২,৫০,০০০');
    expect(formatTaka('n/a', 'en')).toBe('৳n/a');
    expect(formatTaka('n/a', 'bn')).toBe('৳n/a');
    expect(formatTaka(Number.NaN, 'bn')).toBe('৳NaN');
  });

  it('says in English exactly what formatPrice says, and by default', () => {
    const amounts = [0, 950, 99_999, 1_00_000, 1_85_000, 12_345_678, 1500.5, 1500.456, -1_85_000, '250000', 'n/a'];
    for (const amount of amounts) {
      expect(formatTaka(amount, 'en')).toBe(formatPrice(amount));
      expect(formatTaka(amount)).toBe(formatPrice(amount));
    }
  });
});

describe('parseWholeNumber', () => {
  it('reads Latin and Bengali digits, mixed too', () => {
    expect(parseWholeNumber('150')).toBe(150);
    expect(parseWholeNumber('১৫০')).toBe(150);
    expect(parseWholeNumber('২০২১')).toBe(2021);
    expect(parseWholeNumber('1৫0')).toBe(150);
    expect(parseWholeNumber('0')).toBe(0);
    expect(parseWholeNumber('০')).toBe(0);
    expect(parseWholeNumber('007')).toBe(7);
  });

  it('reads lakh and thousands grouping, by commas or spaces', () => {
    expect(parseWholeNumber('১,২০০')).toBe(1200);
    expect(parseWholeNumber('14,500')).toBe(14_500);
    expect(parseWholeNumber('99,999')).toBe(99_999);
    expect(parseWholeNumber('1,00,000')).toBe(1_00_000);
    expect(parseWholeNumber('১,০০,০০০')).toBe(1_00_000);
    expect(parseWholeNumber('10,00,000')).toBe(10_00_000);
    expect(parseWholeNumber('1,000,000')).toBe(1_000_000);
    expect(parseWholeNumber('1,00,00,000')).toBe(1_00_00_000);
    expect(parseWholeNumber('12 000')).toBe(12_000);
    expect(parseWholeNumber('১২ ০০০')).toBe(12_000);
    expect(parseWholeNumber('1\u00a020\u202f000')).toBe(1_20_000);
  });

  it('takes spaces anywhere between digits, as a phone is written', () => {
    expect(parseWholeNumber('01712 345678')).toBe(1_712_345_678);
    expect(parseWholeNumber('০১৭১২ ৩৪৫৬৭৮')).toBe(1_712_345_678);
    expect(parseWholeNumber('1 5 0')).toBe(150);
  });

  it('ignores the spaces around', () => {
    expect(parseWholeNumber('  150 ')).toBe(150);
    expect(parseWholeNumber('\t১৫০\n')).toBe(150);
  });

  it('reads nothing else', () => {
    const garbage = [
      '',
      '   ',
      'abc',
      '150cc',
      '150 cc',
      'cc 150',
      '১৫০ সিসি',
      '-5',
      '+5',
      '−5',
      '12.5',
      '1.2.3',
      '১২.৫',
      '1,5',
      '12,00',
      '1,,000',
      ',100',
      '100,',
      '1000,000',
      '1,0000',
      '1,00,0000',
      '12,34,567,890',
      '1  000',
      '1e5',
      '0x10',
      'Infinity',
      'NaN',
      '১২-০০০',
      '1234567890123456',
    ];
    for (const text of garbage) expect(parseWholeNumber(text), text).toBeNull();
  });

  it('reads up to fifteen digits', () => {
    expect(parseWholeNumber('123456789012345')).toBe(123_456_789_012_345);
  });
});

describe('parseAmount', () => {
  const read = (text: string) => parseAmount(text)?.value;

  it('reads plain digits in either script, grouped or not', () => {
    expect(read('185000')).toBe(1_85_000);
    expect(read('1,85,000')).toBe(1_85_000);
    expect(read('185,000')).toBe(1_85_000);
    expect(read('১৮৫০০০')).toBe(1_85_000);
    expect(read('১,৮৫,০০০')).toBe(1_85_000);
    expect(read('1,8৫,০00')).toBe(1_85_000);
    expect(read('2 50 000')).toBe(2_50_000);
    expect(read('0')).toBe(0);
    expect(read('99,999')).toBe(99_999);
    expect(read('1,00,000')).toBe(1_00_000);
    expect(read('10,00,000')).toBe(10_00_000);
    expect(read('1,00,00,000')).toBe(1_00_00_000);
  });

  it('reads paisa, up to two decimals', () => {
    expect(read('1500.5')).toBe(1500.5);
    expect(read('1,500.50')).toBe(1500.5);
    expect(read('১,৫০০.২৫')).toBe(1500.25);
    expect(read('0.01')).toBe(0.01);
    expect(read('9,99,999.99')).toBe(999_999.99);
  });

  it('reads lakh in English, romanised Bangla and Bangla', () => {
    const lakhs = [
      '2 lakh',
      '2 lakhs',
      '2 lac',
      '2 lacs',
      '2lakh',
      '2L',
      '2l',
      '2 L',
      '2 LAKH',
      '2 Lakh',
      '২ লাখ',
      '২লাখ',
      '২ লক্ষ',
      '2 লাখ',
    ];
    for (const text of lakhs) {
      expect(read(text), text).toBe(2_00_000);
    }
    expect(read('1.5 lakh')).toBe(1_50_000);
    expect(read('১.৫ লাখ')).toBe(1_50_000);
    expect(read('2.5L')).toBe(2_50_000);
    expect(read('1.85 lakh')).toBe(1_85_000);
    expect(read('0.5 lakh')).toBe(50_000);
  });

  it('reads crore and thousand', () => {
    expect(read('1 crore')).toBe(1_00_00_000);
    expect(read('1 Crore')).toBe(1_00_00_000);
    expect(read('2 crores')).toBe(2_00_00_000);
    expect(read('1.2 cr')).toBe(1_20_00_000);
    expect(read('১ কোটি')).toBe(1_00_00_000);
    expect(read('1 koti')).toBe(1_00_00_000);
    expect(read('50k')).toBe(50_000);
    expect(read('50K')).toBe(50_000);
    expect(read('50 k')).toBe(50_000);
    expect(read('50 hazar')).toBe(50_000);
    expect(read('50 hajar')).toBe(50_000);
    expect(read('50 thousand')).toBe(50_000);
    expect(read('৫০ হাজার')).toBe(50_000);
    expect(read('1.5k')).toBe(1500);
    expect(read('1,500k')).toBe(15_00_000);
  });

  it('reads taka written before or after, and spaces around', () => {
    expect(read('৳2,50,000')).toBe(2_50_000);
    expect(read('৳ 2,50,000')).toBe(2_50_000);
    expect(read('2,50,000৳')).toBe(2_50_000);
    expect(read('Tk 250000')).toBe(2_50_000);
    expect(read('tk250000')).toBe(2_50_000);
    expect(read('TK. 2.5 lakh')).toBe(2_50_000);
    expect(read('BDT 250000')).toBe(2_50_000);
    expect(read('250000 taka')).toBe(2_50_000);
    expect(read('2.5 lakh taka')).toBe(2_50_000);
    expect(read('২ লাখ টাকা')).toBe(2_00_000);
    expect(read('৳১,৮৫,০০০')).toBe(1_85_000);
    expect(read('  ৳ 2 lakh  ')).toBe(2_00_000);
    expect(read('\u00a02L\t')).toBe(2_00_000);
    expect(read(`${' '.repeat(100)}1${' '.repeat(100)}`)).toBe(1);
  });

  it('reads a Bangla word typed with a joiner in it', () => {
    expect(read('২ লক্\u200dষ')).toBe(2_00_000);
    expect(read('২ লক্\u200cষ')).toBe(2_00_000);
  });

  it('says back what it read, in the page’s language', () => {
    expect(parseAmount('2 lakh', 'en')).toEqual({ value: 2_00_000, understood: '৳2,00,000' });
    expect(parseAmount('2 lakh', 'bn')).toEqual({ value: 2_00_000, understood: '৳২,০০,০০০' });
    expect(parseAmount('১.৫ লাখ', 'en')).toEqual({ value: 1_50_000, understood: '৳1,50,000' });
    expect(parseAmount('১.৫ লাখ', 'bn')).toEqual({ value: 1_50_000, understood: '৳১,৫০,০০০' });
    expect(parseAmount('1500.5', 'bn')).toEqual({ value: 1500.5, understood: '৳১,৫০০.৫' });
    expect(parseAmount('1 crore')).toEqual({ value: 1_00_00_000, understood: '৳1,00,00,000' });
    expect(parseAmount('0', 'bn')).toEqual({ value: 0, understood: '৳০' });
  });

  it('reads up to ten crore, and no more', () => {
    expect(read('10 crore')).toBe(MAX_AMOUNT);
    expect(read('10,00,00,000')).toBe(MAX_AMOUNT);
    expect(read('100000000.00')).toBe(MAX_AMOUNT);
    expect(parseAmount('100000000.01')).toBeNull();
    expect(parseAmount('10.01 crore')).toBeNull();
    expect(parseAmount('11 crore')).toBeNull();
    expect(parseAmount('1001 lakh')).toBeNull();
    expect(parseAmount('999999999999999')).toBeNull();
  });

  it('rejects more than two decimals of taka, exactly', () => {
    expect(parseAmount('100.125')).toBeNull();
    expect(parseAmount('100.001')).toBeNull();
    expect(parseAmount('1.23456789 lakh')).toBeNull();
    expect(read('1.2345678 lakh')).toBe(1_23_456.78);
    expect(read('1.5555k')).toBe(1555.5);
    expect(parseAmount('1.555555k')).toBeNull();
    expect(parseAmount('0.1 + 0.2')).toBeNull();
    expect(read('1.10')).toBe(1.1);
    expect(parseAmount('1.100')).toBeNull();
    expect(read('1.125 lakh')).toBe(1_12_500);
  });

  it('reads nothing it cannot be sure of', () => {
    const garbage = [
      '',
      '  ',
      'abc',
      'lakh',
      '৳',
      'Tk',
      '-5',
      '-2 lakh',
      '−5',
      '+5',
      '1.2.3',
      '1..5',
      '.5',
      '5.',
      '1,5',
      '1,5 lakh',
      '12,00',
      '1,,000',
      '100,',
      ',100',
      '1000,000',
      '12 0',
      '2 lakh 50 hazar',
      '2 lakh 50000',
      '2 million',
      '2m',
      '2 lakhh',
      'two lakh',
      '1e5',
      '0x10',
      'Infinity',
      '2 lakh crore',
      'lakh 2',
      '৳৳2',
      'Rs 500',
      '$500',
      '2 2',
      '1,85,000.5.0',
      '1.5,000',
      '5 constructor',
      '5 toString',
      '5 __proto__',
      `${'1 '.repeat(40)}lakh`,
    ];
    for (const text of garbage) expect(parseAmount(text), text).toBeNull();
  });
});

describe('groupAsTyped', () => {
  /** The field after typing: `|` marks the caret, before and after. */
  const typed = (field: string) => {
    const { text, caret } = groupAsTyped(field.replace('|', ''), field.indexOf('|'));
    return `${text.slice(0, caret)}|${text.slice(caret)}`;
  };

  it('groups digits as lakh while they are typed, the caret at the end', () => {
    expect(typed('1|')).toBe('1|');
    expect(typed('1850|')).toBe('1,850|');
    expect(typed('1,8500|')).toBe('18,500|');
    expect(typed('185000|')).toBe('1,85,000|');
    expect(typed('10000000|')).toBe('1,00,00,000|');
  });

  it('keeps the caret after the same digit when one is typed or removed in the middle', () => {
    expect(typed('18|5000')).toBe('1,8|5,000');
    expect(typed('1,8|5,000')).toBe('1,8|5,000');
    expect(typed('1,895|000')).toBe('18,95|,000');
    expect(typed('|185000')).toBe('|1,85,000');
  });

  it('writes Bengali digits when any were typed', () => {
    expect(typed('১৮৫০০০|')).toBe('১,৮৫,০০০|');
    expect(typed('১৮50|')).toBe('১,৮৫০|');
  });

  it('leaves words, decimals, spaces and an empty field exactly as typed', () => {
    for (const field of ['2 lakh|', '1.5|', '12 000|', '|', ',|', '৳185000|', '2L|', '১.৫ লাখ|']) {
      expect(typed(field)).toBe(field);
    }
  });

  it('keeps leading zeros rather than reading a number', () => {
    expect(typed('0|')).toBe('0|');
    expect(typed('0001|')).toBe('0,001|');
  });
});
