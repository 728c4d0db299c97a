import { describe, expect, it } from 'vitest';
import { formatDhakaDate, formatDhakaTime, fromDhakaInput, toDhakaInput } from './format-dhaka-time.ts';

describe("Dhaka's time", () => {
  it('reads a meeting time in Dhaka, whatever the zone it was sent in', () => {
    expect(formatDhakaTime('2026-11-27T11:30:00Z')).toBe('Fri 27 Nov, 5:30 pm');
    expect(formatDhakaTime('2026-11-27T17:30:00+06:00')).toBe('Fri 27 Nov, 5:30 pm');
    expect(formatDhakaTime('2026-11-27T20:05:00Z')).toBe('Sat 28 Nov, 2:05 am');
    expect(formatDhakaDate('2026-11-27T06:00:00Z')).toBe('Fri 27 Nov 2026, 12:00 pm');
  });

  it('turns a date-time input into an RFC 3339 time in Dhaka, and back', () => {
    expect(fromDhakaInput('2026-11-28T17:30')).toBe('2026-11-28T17:30:00+06:00');
    expect(fromDhakaInput('')).toBe('');
    expect(toDhakaInput('2026-11-28T11:30:00Z')).toBe('2026-11-28T17:30');
    expect(toDhakaInput(fromDhakaInput('2026-12-01T09:15'))).toBe('2026-12-01T09:15');
  });
});
