// Numbers read as the server reads them (backend/src/phone.rs): the same numbers taken and
// refused, and shown back in the local form.
import { describe, expect, it } from 'vitest';
import { codeDigits, isSixDigits, localPhone, mobileNumber } from './phone-number.ts';

describe('mobileNumber', () => {
  it.each([
    '01712345678',
    '01712-345678',
    '+8801712345678',
    '+880 1712 345678',
    '8801712345678',
    '০১৭১২৩৪৫৬৭৮',
    '(017) 1234.5678',
    ' 01712 345678 ',
  ])('reads %j as +8801712345678', (written) => {
    expect(mobileNumber(written)).toBe('+8801712345678');
  });

  it('takes every operator from 013 to 019', () => {
    expect(mobileNumber('01312345678')).toBe('+8801312345678');
    expect(mobileNumber('01912345678')).toBe('+8801912345678');
  });

  it.each([
    '',
    '0171234567',
    '017123456789',
    '01212345678',
    '01112345678',
    '02712345678',
    '+447712345678',
    '8701712345678',
    '0171234567a',
    '017+12345678',
    '+8801712345678 ext 2',
  ])('refuses %j', (written) => {
    expect(mobileNumber(written)).toBeNull();
  });
});

describe('localPhone', () => {
  it('shows a number as it is read in Bangladesh', () => {
    expect(localPhone('+8801712345678')).toBe('01712-345678');
    expect(localPhone('০১৭১২৩৪৫৬৭৮')).toBe('01712-345678');
  });

  it('leaves what is not a mobile number as it is', () => {
    expect(localPhone('02-9876543')).toBe('02-9876543');
  });
});

describe('codeDigits', () => {
  it('reads Bengali digits as Latin ones and drops the rest', () => {
    expect(codeDigits('৪২৯ ১৭০')).toBe('429170');
    expect(isSixDigits(codeDigits('৪২৯১৭০'))).toBe(true);
    expect(isSixDigits(codeDigits('12345'))).toBe(false);
  });
});
