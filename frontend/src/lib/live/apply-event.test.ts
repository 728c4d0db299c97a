import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import type { Listing } from '@/lib/api/types.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { applyLiveEvent } from './apply-event.ts';

const ref = { _id: 'p1', categoryId: 'c1', sellerId: 's1' };
const page = queryKeys.listing('p1', 'public');
const other = queryKeys.listing('p2', 'member');
const beside = queryKeys.relatedListingsOf('p2', 'similar', 'public');

/** A cache holding listing p1's page, p2's page, and p2's similar bikes (p1 among them). */
function cacheWithListings() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(page, aListing());
  queryClient.setQueryData(other, aListing({ _id: 'p2' }));
  queryClient.setQueryData(beside, [aListing(), aListing({ _id: 'p3' })]);
  return {
    queryClient,
    listing: () => queryClient.getQueryData<Listing | null>(page),
    related: () => queryClient.getQueryData<Listing[]>(beside),
  };
}

describe("applyLiveEvent on a listing's page", () => {
  it('marks the listing sold, and the same bike beside another; once', () => {
    const { queryClient, listing, related } = cacheWithListings();
    const untouched = queryClient.getQueryData(other);
    applyLiveEvent(queryClient, { event: 'product.sold', data: ref });
    expect(listing()?.availability).toBe('sold');
    expect(related()?.[0]?.availability).toBe('sold');
    expect(queryClient.getQueryData(other)).toBe(untouched);

    const [once, onceBeside] = [listing(), related()];
    applyLiveEvent(queryClient, { event: 'product.sold', data: ref });
    expect(listing()).toBe(once);
    expect(related()).toBe(onceBeside);

    applyLiveEvent(queryClient, { event: 'product.unsold', data: ref });
    expect(listing()?.availability).toBe('Available');
  });

  it("shows the seller's changes, photos and kilometres too, keeping the contact a public event lacks; once", () => {
    const { queryClient, listing } = cacheWithListings();
    const changed = aListing({ resalePrice: 1650, kmDriven: 15200, photos: ['/uploads/new.jpg'], area: 'Banani' });
    delete changed.sellerPhone;
    applyLiveEvent(queryClient, { event: 'product.updated', data: changed });
    expect(listing()).toMatchObject({
      resalePrice: 1650,
      kmDriven: 15200,
      photos: ['/uploads/new.jpg'],
      area: 'Banani',
      sellerPhone: '01700000000',
    });

    const once = listing();
    // The same change again, in a fresh copy (as a replay arrives): nothing changes.
    applyLiveEvent(queryClient, { event: 'product.updated', data: { ...changed, photos: ['/uploads/new.jpg'] } });
    expect(listing()).toBe(once);
  });

  it('says a deleted listing is no longer listed, and drops it from the bikes beside another; once', () => {
    const { queryClient, listing, related } = cacheWithListings();
    applyLiveEvent(queryClient, { event: 'product.deleted', data: ref });
    expect(listing()).toBeNull();
    expect(related()?.map((bike) => bike._id)).toEqual(['p3']);
    expect(queryClient.getQueryData<Listing>(other)?._id).toBe('p2');

    const onceBeside = related();
    applyLiveEvent(queryClient, { event: 'product.deleted', data: ref });
    expect(listing()).toBeNull();
    expect(related()).toBe(onceBeside);
  });

  it("shows the seller's new verified badge", () => {
    const { queryClient, listing } = cacheWithListings();
    applyLiveEvent(queryClient, { event: 'seller.verified', data: { _id: 's1' } });
    expect(listing()?.sellerVerification).toBe(true);
  });
});
