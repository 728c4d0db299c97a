import { describe, expect, it } from 'vitest';
import { canMeet, endedLabel } from './deal-status.ts';

describe('deal words', () => {
  it('says who called a deal off, and why', () => {
    expect(endedLabel({ status: 'called_off', reason: 'Papers missing', calledOffBy: 'buyer' })).toBe(
      'Called off by the buyer: Papers missing',
    );
    expect(endedLabel({ status: 'called_off', reason: 'Did not come', calledOffBy: 'seller' })).toBe(
      'Called off by the seller: Did not come',
    );
    expect(endedLabel({ status: 'called_off', reason: null, calledOffBy: null })).toBe('Called off');
  });

  it('arranges a meeting while the bike is held for the buyer, until the handover', () => {
    const meets = ['waiting', 'reserved', 'cash', 'held', 'paid', 'completed', 'called_off'].filter((status) =>
      canMeet({ status }),
    );
    expect(meets).toEqual(['reserved', 'cash', 'held']);
  });
});
