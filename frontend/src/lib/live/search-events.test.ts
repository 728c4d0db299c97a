import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { applyLiveEvent } from './apply-event.ts';
import { LATEST_COUNT, unseenCount, type NewListings, type SearchPages } from './search-events.ts';

const pages = (...listingsByPage: string[][]): SearchPages => ({
  pages: listingsByPage.map((ids, i) => ({
    listings: ids.map((_id) => aListing({ _id })),
    total: 5,
    totalCapped: false,
    nextCursor: i < listingsByPage.length - 1 ? `newest.0.${String(i)}` : null,
    words: [],
  })),
  pageParams: listingsByPage.map((_, i) => (i === 0 ? null : `newest.0.${String(i - 1)}`)),
});

const ref = (_id: string) => ({ _id, categoryId: 'c1', sellerId: 's1' });

describe('live events on searches', () => {
  it('flips a sold listing on whatever page it is, once', () => {
    const queryClient = new QueryClient();
    const key = queryKeys.listingSearch('', 'public');
    const before = pages(['p1', 'p2'], ['p3']);
    queryClient.setQueryData(key, before);
    applyLiveEvent(queryClient, { event: 'product.sold', data: ref('p3') });
    const once = queryClient.getQueryData<SearchPages>(key);
    applyLiveEvent(queryClient, { event: 'product.sold', data: ref('p3') });
    const twice = queryClient.getQueryData<SearchPages>(key);
    expect(twice).toBe(once);
    expect(once?.pages[1]?.listings[0]?.availability).toBe('sold');
    // The page that did not change keeps its identity.
    expect(once?.pages[0]).toBe(before.pages[0]);
  });

  it('keeps "1,000+" when a listing goes from a search the server stopped counting', () => {
    const queryClient = new QueryClient();
    const key = queryKeys.listingSearch('', 'public');
    const capped = pages(['p1', 'p2']);
    const first = capped.pages[0];
    if (!first) throw new Error('a page');
    capped.pages[0] = { ...first, total: 1000, totalCapped: true };
    queryClient.setQueryData(key, capped);
    applyLiveEvent(queryClient, { event: 'product.deleted', data: ref('p2') });
    const after = queryClient.getQueryData<SearchPages>(key)?.pages[0];
    expect(after?.listings.map((l) => l._id)).toEqual(['p1']);
    expect([after?.total, after?.totalCapped]).toEqual([1000, true]);
  });

  it('takes a deleted listing away and counts one fewer, once', () => {
    const queryClient = new QueryClient();
    const key = queryKeys.listingSearch('q=r15', 'member');
    queryClient.setQueryData(key, pages(['p1', 'p2'], ['p3']));
    applyLiveEvent(queryClient, { event: 'product.deleted', data: ref('p3') });
    applyLiveEvent(queryClient, { event: 'product.deleted', data: ref('p3') });
    const data = queryClient.getQueryData<SearchPages>(key);
    expect(data?.pages.map((page) => page.listings.map((l) => l._id))).toEqual([['p1', 'p2'], []]);
    expect(data?.pages[0]?.total).toBe(4);
  });

  it('counts a new listing for each search it matches, once, and not one already shown', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.listingSearch('brand=Yamaha', 'public'), pages(['p1']));
    queryClient.setQueryData(queryKeys.listingSearch('brand=Honda', 'public'), pages(['p1']));
    const fresh = aListing({ _id: 'p9', brand: 'Yamaha' });
    applyLiveEvent(queryClient, { event: 'product.created', data: fresh });
    applyLiveEvent(queryClient, { event: 'product.created', data: fresh });
    applyLiveEvent(queryClient, { event: 'product.created', data: aListing({ _id: 'p1', brand: 'Yamaha' }) });
    expect(unseenCount(queryClient.getQueryData<NewListings>(queryKeys.newListings('brand=Yamaha')))).toBe(1);
    expect(queryClient.getQueryData(queryKeys.newListings('brand=Honda'))).toBeUndefined();
  });

  it('counts a new listing for a Bangla search by the words the server read', () => {
    const queryClient = new QueryClient();
    const read = (query: string, words: string[] | null) => {
      const found = pages(['p1']);
      queryClient.setQueryData(queryKeys.listingSearch(query, 'public'), {
        ...found,
        pages: found.pages.map((page) => ({ ...page, words })),
      });
    };
    read('q=পালসার', ['pulsar']);
    read('q=অ্যাপাচি', ['apache']);
    read('q=pulsar Москва', null);
    applyLiveEvent(queryClient, {
      event: 'product.created',
      data: aListing({ _id: 'p9', productName: 'Bajaj Pulsar N160', brand: 'Bajaj', model: 'Pulsar N160' }),
    });
    expect(unseenCount(queryClient.getQueryData<NewListings>(queryKeys.newListings('q=পালসার')))).toBe(1);
    expect(queryClient.getQueryData(queryKeys.newListings('q=অ্যাপাচি'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.newListings('q=pulsar Москва'))).toBeUndefined();
  });

  it('puts a new listing on top of the latest bikes, once, keeping their number', () => {
    const queryClient = new QueryClient();
    const key = queryKeys.latestListings('public');
    const ids = Array.from({ length: LATEST_COUNT }, (_, i) => `p${String(i)}`);
    queryClient.setQueryData(key, { listings: ids.map((_id) => aListing({ _id })), total: 20, totalCapped: false, nextCursor: 'x' });
    applyLiveEvent(queryClient, { event: 'product.created', data: aListing({ _id: 'new' }) });
    applyLiveEvent(queryClient, { event: 'product.created', data: aListing({ _id: 'new' }) });
    const latest = queryClient.getQueryData<{ listings: { _id: string }[] }>(key)?.listings.map((l) => l._id);
    expect(latest).toEqual(['new', ...ids.slice(0, LATEST_COUNT - 1)]);
  });
});
