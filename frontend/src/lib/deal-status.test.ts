import { describe, expect, it } from 'vitest';
import { canMeet } from './deal-status.ts';

describe('where a deal stands', () => {
  it('arranges a meeting while the bike is held for the buyer, until the handover', () => {
    const meets = ['waiting', 'reserved', 'cash', 'held', 'paid', 'completed', 'called_off'].filter((status) =>
      canMeet({ status }),
    );
    expect(meets).toEqual(['reserved', 'cash', 'held']);
  });
});
