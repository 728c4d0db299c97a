// Deals and steps for the deal pages' tests.
import type { Booking } from '@/lib/api/types.ts';
import { aBooking } from '@/test/fixtures.ts';
import type { DealStep } from './api/get-deals.ts';

export function aDeal(overrides: Partial<Booking> = {}): Booking {
  return {
    ...aBooking({
      _id: 'o1',
      productName: 'Yamaha R15',
      buyerName: 'Rahim Uddin',
      sellerName: 'Karim Motors',
      price: 185000,
      orderTime: '2026-11-26T04:00:00Z',
    }),
    method: null,
    completedAt: null,
    calledOffBy: null,
    ...overrides,
  };
}

export function aStep(overrides: Partial<DealStep> = {}): DealStep {
  return {
    at: '2026-11-26T04:00:00Z',
    by: 'buyer',
    byId: 'u1',
    byName: 'Rahim Uddin',
    step: 'booked',
    status: 'reserved',
    amount: null,
    providerId: null,
    detail: null,
    ...overrides,
  };
}
