import { describe, expect, it } from 'vitest';
import { overLimit } from './limits.ts';

describe('what each way of paying can hold', () => {
  it('offers card and bKash up to their limits', () => {
    expect(overLimit('card', 999_999.99)).toBeNull();
    expect(overLimit('bkash', 500_000)).toBeNull();
    expect(overLimit('cash', 5_000_000)).toBeNull();
  });

  it('says why in one line above them', () => {
    expect(overLimit('bkash', 500_001)).toBe('A bKash wallet holds at most ৳5,00,000: pay by card or in cash at the meet-up.');
    expect(overLimit('card', 1_000_000)).toBe('Cards are not taken above ৳9,99,999.99: pay in cash at the meet-up.');
    expect(overLimit('bkash', 1_000_000)).toBe('A bKash wallet holds at most ৳5,00,000: pay in cash at the meet-up.');
  });
});
