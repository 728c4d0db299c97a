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

describe('applyLiveEvent on conversations', () => {
  const conversation = {
    _id: 'c1',
    productId: 'p1',
    productName: 'Yamaha R15',
    productImage: '/uploads/bike.jpg',
    buyerId: '1',
    buyerName: 'Karim Buyer',
    sellerId: '2',
    sellerName: 'Rahim Seller',
    createdAt: '2026-11-27T04:00:00Z',
    lastMessageAt: '2026-11-27T04:00:00Z',
    buyerReadUpTo: '10',
    sellerReadUpTo: '0',
    unread: 0,
  };
  const other = { ...conversation, _id: 'c2', productId: 'p2', lastMessageAt: '2026-11-27T05:00:00Z' };
  const first = {
    _id: '10',
    conversationId: 'c1',
    productId: 'p1',
    from: '1',
    clientId: 'k10',
    text: 'Is it still available?',
    sentAt: '2026-11-27T04:00:00Z',
  };
  const reply = { ...first, _id: '11', from: '2', clientId: 'k10', text: 'Yes.', sentAt: '2026-11-27T06:00:00Z' };

  it('adds a message to its conversation once, and moves it first in both inboxes', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.messagesOf('c1'), [first]);
    queryClient.setQueryData(queryKeys.messagesOf('c2'), []);
    queryClient.setQueryData(queryKeys.conversationsOf('1'), [other, conversation]);
    queryClient.setQueryData(queryKeys.conversationsOf('2'), [other, conversation]);
    for (let i = 0; i < 2; i += 1) applyLiveEvent(queryClient, { event: 'message.created', data: reply });
    // The seller's message with the buyer's clientId is another message.
    expect(queryClient.getQueryData(queryKeys.messagesOf('c1'))).toEqual([first, reply]);
    expect(queryClient.getQueryData(queryKeys.messagesOf('c2'))).toEqual([]);
    const buyers = queryClient.getQueryData<(typeof conversation)[]>(queryKeys.conversationsOf('1'));
    expect(buyers?.map((c) => [c._id, c.unread, c.lastMessageAt])).toEqual([
      ['c1', 1, reply.sentAt],
      ['c2', 0, other.lastMessageAt],
    ]);
    const sellers = queryClient.getQueryData<(typeof conversation)[]>(queryKeys.conversationsOf('2'));
    expect(sellers?.map((c) => [c._id, c.unread])).toEqual([
      ['c1', 0],
      ['c2', 0],
    ]);
  });

  it('does not add my own message twice when my page already holds it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.messagesOf('c1'), [first]);
    applyLiveEvent(queryClient, { event: 'message.created', data: { ...first, _id: '12' } });
    expect(queryClient.getQueryData(queryKeys.messagesOf('c1'))).toEqual([first]);
  });

  it('reads the inbox again for a conversation it does not hold', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.conversationsOf('2'), [other]);
    applyLiveEvent(queryClient, { event: 'message.created', data: reply });
    expect(queryClient.getQueryState(queryKeys.conversationsOf('2'))?.isInvalidated).toBe(true);
  });

  it("moves the reader's mark forward only, and reads the reader's own inbox again", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.conversation('c1'), conversation);
    queryClient.setQueryData(queryKeys.conversationsOf('1'), [conversation]);
    queryClient.setQueryData(queryKeys.conversationsOf('2'), [conversation]);
    applyLiveEvent(queryClient, { event: 'message.read', data: { conversationId: 'c1', by: '2', upTo: '11' } });
    applyLiveEvent(queryClient, { event: 'message.read', data: { conversationId: 'c1', by: '1', upTo: '9' } });
    expect(queryClient.getQueryData(queryKeys.conversation('c1'))).toEqual({ ...conversation, sellerReadUpTo: '11' });
    expect(queryClient.getQueryData(queryKeys.conversationsOf('1'))).toEqual([{ ...conversation, sellerReadUpTo: '11' }]);
    expect(queryClient.getQueryState(queryKeys.conversationsOf('2'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.conversationsOf('1'))?.isInvalidated).toBe(true);
  });
});
