import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price.ts';

describe('formatPrice', () => {
  it('shows taka with lakh grouping', () => {
    expect(formatPrice(185000)).toBe('৳1,85,000');
    expect(formatPrice(12345678)).toBe('৳1,23,45,678');
    expect(formatPrice(950)).toBe('৳950');
    expect(formatPrice('250000')).toBe('৳2,50,000');
  });

  it('shows paisa only when there are any, and leaves nonsense as it came', () => {
    expect(formatPrice(1500.5)).toBe('৳1,500.5');
    expect(formatPrice('n/a')).toBe('৳n/a');
  });
});
