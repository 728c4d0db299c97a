import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetSignedInData, queryKeys, refetchLiveData } from './query-keys.ts';

describe('forgetSignedInData', () => {
  it('drops what was read with the session and keeps what anyone may read', () => {
    const queryClient = new QueryClient();
    const kept = [
      queryKeys.config(),
      queryKeys.categories(),
      queryKeys.listingFields(),
      queryKeys.adverts(),
      queryKeys.categoryListingsOf('c1', 'public'),
      queryKeys.listingSearch('q=honda', 'public'),
      queryKeys.latestListings('public'),
      queryKeys.listing('p1', 'public'),
      queryKeys.relatedListingsOf('p1', 'seller', 'public'),
    ];
    const dropped = [
      queryKeys.user('buyer@example.com'),
      queryKeys.categoryListingsOf('c1', 'member'),
      queryKeys.listing('p1', 'member'),
      queryKeys.relatedListingsOf('p1', 'similar', 'member'),
      queryKeys.sellerListingsOf('seller@example.com'),
      queryKeys.bookingsOf('buyer@example.com'),
      queryKeys.reportedListings(),
      queryKeys.sellers(),
      queryKeys.buyers(),
      queryKeys.paymentBooking('o1'),
      queryKeys.paymentIntent('o1'),
      queryKeys.paymentMethodsOf('o1'),
      queryKeys.dealList('held'),
      queryKeys.deal('o1'),
      queryKeys.listingSearch('q=honda', 'member'),
      queryKeys.latestListings('member'),
      // Sellers' ID requests: the admins' queue and a seller's own.
      queryKeys.verificationQueue(),
      queryKeys.myVerification('seller@example.com'),
      // The admins' queue of listings in review.
      queryKeys.listingReviews(),
      // The admins' queue of reports and their audit log.
      queryKeys.reports(),
      queryKeys.auditLogOf('user.suspended'),
    ];
    for (const key of [...kept, ...dropped]) queryClient.setQueryData(key, []);

    forgetSignedInData(queryClient);

    expect(queryClient.getQueryCache().getAll().map((query) => query.queryKey)).toEqual(kept);
  });
});

describe('refetchLiveData', () => {
  it('reads again what live events change, the admin’s deals and a payment page’s offer among them, and nothing else', async () => {
    const queryClient = new QueryClient();
    const live = [
      queryKeys.bookingsOf('buyer@example.com'),
      queryKeys.sellerBookingsOf('seller@example.com'),
      queryKeys.paymentBooking('o1'),
      queryKeys.paymentMethodsOf('o1'),
      queryKeys.dealList(''),
      queryKeys.dealList('held'),
      queryKeys.deal('o1'),
      queryKeys.verificationQueue(),
      queryKeys.myVerification('seller@example.com'),
      queryKeys.listingReviews(),
      queryKeys.reports(),
    ];
    // The audit log is read anew whenever it is opened: no live event writes to it.
    const kept = [
      queryKeys.config(),
      queryKeys.user('buyer@example.com'),
      queryKeys.paymentIntent('o1'),
      queryKeys.receipt('o1'),
      queryKeys.auditLogOf(''),
    ];
    for (const key of [...live, ...kept]) queryClient.setQueryData(key, []);

    await refetchLiveData(queryClient);

    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(live.filter((key) => !invalidated(key))).toEqual([]);
    expect(kept.filter((key) => invalidated(key))).toEqual([]);
  });
});
