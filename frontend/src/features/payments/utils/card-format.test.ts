import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatExpiry, parseExpiry } from './card-format.ts';

describe('card typing helpers', () => {
  it('groups the card number in fours, dropping anything but digits, at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a4 2')).toBe('4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it('keeps the caret after the same digits when the spaces move', () => {
    // "4242 4242" with a digit typed after the third: the caret follows that fourth digit.
    expect(caretAfterDigits('4242 4242 4', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242 4', 5)).toBe(6);
    expect(caretAfterDigits('4242', 0)).toBe(0);
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/')).toBe('12');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('reads a complete expiry only', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12/3')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
});
