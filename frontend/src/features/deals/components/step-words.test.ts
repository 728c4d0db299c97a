import { describe, expect, it } from 'vitest';
import { aStep } from '@/features/deals/test-deals.ts';
import { statusWords, stepWho, stepWords } from './step-words.ts';

const money = { amount: 185000, providerId: 'pi_123' };

describe('the words of a deal’s steps', () => {
  it.each([
    [aStep({ step: 'booked' }), 'Booked'],
    [aStep({ step: 'passed_on', by: 'server' }), 'Passed on: the bike is reserved for this buyer'],
    [aStep({ step: 'meeting_proposed', detail: 'Banani 11, Fri 27 Nov, 5:30 pm' }), 'Meeting proposed: Banani 11, Fri 27 Nov, 5:30 pm'],
    [aStep({ step: 'meeting_agreed', detail: 'Banani 11, Fri 27 Nov, 5:30 pm' }), 'Meeting agreed: Banani 11, Fri 27 Nov, 5:30 pm'],
    [aStep({ step: 'cash', status: 'cash' }), 'Chose to pay cash at the meet-up'],
    [aStep({ step: 'held', status: 'held', ...money }), 'Card hold: ৳1,85,000 (pi_123)'],
    [aStep({ step: 'new_code' }), 'New handover code'],
    [aStep({ step: 'wrong_code', by: 'seller' }), 'Wrong handover code entered'],
    [aStep({ step: 'capture_claimed', by: 'seller', ...money }), 'Handover code entered: capture claimed'],
    [
      aStep({ step: 'capture_claimed', by: 'admin', detail: 'Handed over; the seller could not enter the code', ...money }),
      'Money taken without the code: Handed over; the seller could not enter the code',
    ],
    [aStep({ step: 'completed', by: 'seller', detail: 'card', ...money }), 'Completed: ৳1,85,000 by card (pi_123)'],
    [aStep({ step: 'completed', by: 'seller', detail: 'cash', amount: 185000 }), 'Completed: ৳1,85,000 in cash'],
    [aStep({ step: 'hold_released', by: 'server', ...money }), 'Hold released: ৳1,85,000 (pi_123)'],
    [aStep({ step: 'declined', by: 'seller', detail: 'Promised to a friend' }), 'Declined: Promised to a friend'],
    [aStep({ step: 'released', by: 'admin', detail: 'Stuck: both sides agree' }), 'Released: Stuck: both sides agree'],
    [aStep({ step: 'called_off', detail: 'Papers missing' }), 'Called off: Papers missing'],
    [aStep({ step: 'lapsed', by: 'server' }), 'Ran out of time'],
    [aStep({ step: 'cancelled' }), 'Cancelled by the buyer'],
    [aStep({ step: 'paid', ...money }), 'Paid by card: ৳1,85,000 (pi_123)'],
    [aStep({ step: 'payment_undone', by: 'server', ...money }), 'Payment undone: ৳1,85,000 (pi_123)'],
    [aStep({ step: 'something_new' }), 'something new'],
  ])('%#: says "%s"', (step, words) => {
    expect(stepWords(step, 'card')).toBe(words);
  });

  it('names a bKash hold as such', () => {
    expect(stepWords(aStep({ step: 'held', amount: 185000, providerId: 'TR0011' }), 'bkash')).toBe(
      'bKash hold: ৳1,85,000 (TR0011)',
    );
    expect(statusWords('held', 'bkash')).toBe('bKash held');
    expect(statusWords('held', 'card')).toBe('Card held');
  });

  it('names who took a step, and the server as BikeHaat', () => {
    expect(stepWho(aStep())).toBe('Rahim Uddin (buyer)');
    expect(stepWho(aStep({ by: 'admin', byName: 'Asha Admin' }))).toBe('Asha Admin (admin)');
    expect(stepWho(aStep({ by: 'server', byName: null }))).toBe('BikeHaat');
    expect(stepWho(aStep({ by: 'seller', byName: null }))).toBe('A seller whose account is gone');
  });
});
