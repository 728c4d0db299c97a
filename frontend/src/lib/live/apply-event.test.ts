import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aListing, aListingReview, aReport, aReportedListing, aUser } from '@/test/fixtures.ts';
import type { Listing, ListingReview, ReportedListing, SearchResults, User } from '@/lib/api/types.ts';
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

  it("shows the seller's new rating on their cards, once", () => {
    const { queryClient, listing } = cacheWithListings();
    const rated = { event: 'seller.rated', data: { _id: 's1', sellerRating: { average: 4.5, count: 2 } } } as const;
    applyLiveEvent(queryClient, rated);
    expect(listing()?.sellerRating).toEqual({ average: 4.5, count: 2 });
    const after = listing();
    applyLiveEvent(queryClient, rated);
    expect(listing()).toBe(after);
    applyLiveEvent(queryClient, { event: 'seller.rated', data: { _id: 's9', sellerRating: { average: 1, count: 1 } } });
    expect(listing()?.sellerRating).toEqual({ average: 4.5, count: 2 });
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

describe('applyLiveEvent on listings in review', () => {
  const QUEUE = queryKeys.listingReviews();
  const MINE = queryKeys.sellerListingsOf('seller@example.com');
  const CATEGORY = queryKeys.categoryListingsOf('c1', 'member');
  const LATEST = queryKeys.latestListings('member');
  const PAGE = queryKeys.listing('p9', 'member');
  const honda = aListingReview(
    { _id: 'p8', productName: 'Honda CB Hornet', sellerId: 's2', sellerEmail: 'salma@example.com' },
    { flags: ['money'], askedAt: '2026-11-27T03:00:00Z' },
  );
  const yamaha = aListingReview({ _id: 'p9' });
  const pending = yamaha.listing;
  const results = (listings: Listing[]): SearchResults => ({
    listings,
    total: listings.length,
    totalCapped: false,
    nextCursor: null,
  });

  /** An admin's queue, the seller's My Products (with the bike pending) and its page, and a public category and latest bikes. */
  function cache() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(QUEUE, []);
    queryClient.setQueryData(MINE, [pending, aListing({ _id: 'p1' })]);
    queryClient.setQueryData(PAGE, pending);
    queryClient.setQueryData(CATEGORY, [aListing({ _id: 'p1' })]);
    queryClient.setQueryData(LATEST, results([aListing({ _id: 'p1' })]));
    return {
      queryClient,
      queue: () => queryClient.getQueryData<ListingReview[]>(QUEUE),
      mine: () => queryClient.getQueryData<Listing[]>(MINE),
      page: () => queryClient.getQueryData<Listing>(PAGE),
      category: () => queryClient.getQueryData<Listing[]>(CATEGORY),
      latest: () => queryClient.getQueryData<SearchResults>(LATEST),
    };
  }

  it('fills the admins’ queue oldest first, once, and moves a listing edited while it waits to the back', () => {
    const { queryClient, queue } = cache();
    applyLiveEvent(queryClient, { event: 'listing.review_requested', data: yamaha });
    applyLiveEvent(queryClient, { event: 'listing.review_requested', data: honda });
    applyLiveEvent(queryClient, { event: 'listing.review_requested', data: yamaha });
    // Honda asked first (03:00), the Yamaha at 04:30.
    expect(queue()?.map((r) => r.listing._id)).toEqual(['p8', 'p9']);

    const once = queue();
    applyLiveEvent(queryClient, { event: 'listing.review_requested', data: honda });
    expect(queue()).toBe(once);

    // Salma takes the money request out of her description: the Honda asks again, at the back.
    const edited = aListingReview(
      { ...honda.listing, description: 'Cash at the meeting only.' },
      { flags: ['resubmitted'], askedAt: '2026-11-27T05:00:00Z' },
    );
    applyLiveEvent(queryClient, { event: 'listing.review_requested', data: edited });
    expect(queue()?.map((r) => [r.listing._id, r.flags])).toEqual([
      ['p9', ['first_listing', 'contact']],
      ['p8', ['resubmitted']],
    ]);
    expect(queue()?.[1]?.listing.description).toBe('Cash at the meeting only.');
    // The older request, replayed late, does not take its place back.
    const after = queue();
    applyLiveEvent(queryClient, { event: 'listing.review_requested', data: honda });
    expect(queue()).toBe(after);
    // Nor does a listing no longer waiting join.
    applyLiveEvent(queryClient, {
      event: 'listing.review_requested',
      data: aListingReview({ _id: 'p7', state: 'live' }, { askedAt: '2026-11-27T06:00:00Z' }),
    });
    expect(queue()).toBe(after);
  });

  it('takes a rejected listing out of the queue, and tells its seller’s pages why; once', () => {
    const { queryClient, queue, mine, page, category } = cache();
    queryClient.setQueryData(QUEUE, [honda, yamaha]);
    const rejected = { ...pending, state: 'rejected', stateReason: 'Please remove the phone number' };
    applyLiveEvent(queryClient, { event: 'listing.reviewed', data: rejected });
    expect(queue()?.map((r) => r.listing._id)).toEqual(['p8']);
    expect(mine()?.map((l) => [l._id, l.state, l.stateReason])).toEqual([
      ['p9', 'rejected', 'Please remove the phone number'],
      ['p1', 'live', undefined],
    ]);
    expect(page()).toMatchObject({ state: 'rejected', stateReason: 'Please remove the phone number' });
    // A rejected listing stays off every public list.
    expect(category()?.map((l) => l._id)).toEqual(['p1']);

    const [onceMine, oncePage] = [mine(), page()];
    applyLiveEvent(queryClient, { event: 'listing.reviewed', data: rejected });
    expect(mine()).toBe(onceMine);
    expect(page()).toBe(oncePage);
  });

  it('on approval shows the bike live on its seller’s pages once, and on every public list as a new listing', () => {
    const { queryClient, queue, mine, page, category, latest } = cache();
    queryClient.setQueryData(QUEUE, [yamaha]);
    const approved = { ...pending, state: 'live' };
    // The server sends the decision, then the listing as new, for every page.
    applyLiveEvent(queryClient, { event: 'listing.reviewed', data: approved });
    applyLiveEvent(queryClient, { event: 'product.created', data: approved });
    applyLiveEvent(queryClient, { event: 'product.created', data: approved });
    expect(queue()).toEqual([]);
    expect(mine()?.map((l) => [l._id, l.state])).toEqual([
      ['p9', 'live'],
      ['p1', 'live'],
    ]);
    expect(page()?.state).toBe('live');
    expect(category()?.map((l) => l._id)).toEqual(['p9', 'p1']);
    expect(latest()?.listings.map((l) => l._id)).toEqual(['p9', 'p1']);
  });

  it('says a listing is live on its seller’s My Products when its `product.created` comes first', () => {
    const { queryClient, mine } = cache();
    applyLiveEvent(queryClient, { event: 'product.created', data: { ...pending, state: 'live' } });
    expect(mine()?.map((l) => [l._id, l.state])).toEqual([
      ['p9', 'live'],
      ['p1', 'live'],
    ]);
  });

  it('never puts a listing that is not live on a public list, from any event', () => {
    const { queryClient, category, latest } = cache();
    const [beforeCategory, beforeLatest] = [category(), latest()];
    applyLiveEvent(queryClient, { event: 'product.created', data: pending });
    applyLiveEvent(queryClient, { event: 'product.updated', data: { ...pending, resalePrice: 1700 } });
    applyLiveEvent(queryClient, { event: 'listing.reviewed', data: { ...pending, state: 'rejected', stateReason: 'x' } });
    applyLiveEvent(queryClient, { event: 'listing.review_requested', data: yamaha });
    expect(category()).toBe(beforeCategory);
    expect(latest()).toBe(beforeLatest);
  });

  it('shows a seller’s edit of a rejected listing on their pages as in review again, without the reason', () => {
    const { queryClient, mine, page, category } = cache();
    const rejected = { ...pending, state: 'rejected', stateReason: 'Please remove the phone number' };
    queryClient.setQueryData(MINE, [rejected]);
    queryClient.setQueryData(PAGE, rejected);
    const beforeCategory = category();
    const edited: Listing = { ...pending, description: 'Call through the site.', resalePrice: 1750 };
    applyLiveEvent(queryClient, { event: 'product.updated', data: edited });
    expect(mine()?.[0]).toMatchObject({ state: 'pending', description: 'Call through the site.', resalePrice: 1750 });
    expect(mine()?.[0]).not.toHaveProperty('stateReason');
    expect(page()).toMatchObject({ state: 'pending', resalePrice: 1750 });
    expect(page()).not.toHaveProperty('stateReason');
    expect(category()).toBe(beforeCategory);
  });

  it('drops a listing its seller deleted while it waited, and a deleted seller’s listings, from the queue', () => {
    const { queryClient, queue } = cache();
    queryClient.setQueryData(QUEUE, [honda, yamaha]);
    applyLiveEvent(queryClient, { event: 'product.deleted', data: { _id: 'p9', categoryId: 'c1', sellerId: 's1' } });
    expect(queue()?.map((r) => r.listing._id)).toEqual(['p8']);
    applyLiveEvent(queryClient, { event: 'user.deleted', data: { _id: 's2', role: 'seller' } });
    expect(queue()).toEqual([]);
  });
});

describe('applyLiveEvent on the queue of reported listings', () => {
  const QUEUE = queryKeys.reports();
  const honda = aReportedListing({ _id: 'p8', productName: 'Honda CBR', sellerId: 's2' }, [
    aReport({ reporterId: 'b1' }),
    aReport({ reporterId: 'b2', reason: 'sold' }),
  ]);
  const yamaha = aReportedListing({ _id: 'p9', productName: 'Yamaha R15', sellerId: 's1' });
  const ids = (id: string, sellerId = 's1') => ({ _id: id, categoryId: 'c1', sellerId });

  function cache() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(QUEUE, [honda, yamaha]);
    queryClient.setQueryData(queryKeys.reportedListings(), [honda.listing, yamaha.listing]);
    return {
      queryClient,
      queue: () => queryClient.getQueryData<ReportedListing[]>(QUEUE),
      spec: () => queryClient.getQueryData<Listing[]>(queryKeys.reportedListings()),
    };
  }

  it('takes a listing whose reports an admin dismissed out of the queue and the spec’s list; once', () => {
    const { queryClient, queue, spec } = cache();
    applyLiveEvent(queryClient, { event: 'report.dismissed', data: ids('p8', 's2') });
    expect(queue()?.map((r) => r.listing._id)).toEqual(['p9']);
    expect(spec()?.map((l) => l._id)).toEqual(['p9']);
    const [once, onceSpec] = [queue(), spec()];
    applyLiveEvent(queryClient, { event: 'report.dismissed', data: ids('p8', 's2') });
    expect(queue()).toBe(once);
    expect(spec()).toBe(onceSpec);
  });

  it('takes a deleted listing, and a deleted seller’s listings, out of the queue', () => {
    const { queryClient, queue } = cache();
    applyLiveEvent(queryClient, { event: 'product.deleted', data: ids('p9') });
    expect(queue()?.map((r) => r.listing._id)).toEqual(['p8']);
    applyLiveEvent(queryClient, { event: 'user.deleted', data: { _id: 's2', role: 'seller' } });
    expect(queue()).toEqual([]);
  });

  it('shows a seller’s edit, a sale and a verified badge on the listing in the queue, keeping its reports', () => {
    const { queryClient, queue } = cache();
    applyLiveEvent(queryClient, { event: 'product.updated', data: aListing({ ...honda.listing, resalePrice: 1500 }) });
    expect(queue()?.[0]).toMatchObject({ count: 2, listing: { _id: 'p8', resalePrice: 1500 } });
    expect(queue()?.[0]?.reports).toBe(honda.reports);
    // The other listing is the very same entry.
    expect(queue()?.[1]).toBe(yamaha);
    const once = queue();
    applyLiveEvent(queryClient, { event: 'product.updated', data: aListing({ ...honda.listing, resalePrice: 1500 }) });
    expect(queue()).toBe(once);

    applyLiveEvent(queryClient, { event: 'product.sold', data: ids('p9') });
    expect(queue()?.[1]?.listing.availability).toBe('sold');
    applyLiveEvent(queryClient, { event: 'seller.verified', data: { _id: 's2' } });
    expect(queue()?.[0]?.listing.sellerVerification).toBe(true);
  });

  it('reads the queue again on a new report, which carries no counts', () => {
    const { queryClient, queue } = cache();
    const before = queue();
    applyLiveEvent(queryClient, { event: 'product.reported', data: yamaha.listing });
    expect(queryClient.getQueryState(QUEUE)?.isInvalidated).toBe(true);
    expect(queue()).toBe(before);
  });
});

describe('applyLiveEvent on the admin’s people tables', () => {
  it('marks a suspended seller at once, and reads their table again for the reason', () => {
    const queryClient = new QueryClient();
    const sellers = [aUser({ _id: 's1', role: 'seller' }), aUser({ _id: 's2', role: 'seller' })];
    const buyers = [aUser({ _id: 'b1' })];
    queryClient.setQueryData(queryKeys.sellers(), sellers);
    queryClient.setQueryData(queryKeys.buyers(), buyers);
    applyLiveEvent(queryClient, { event: 'user.suspended', data: { _id: 's2', role: 'seller' } });
    const now = queryClient.getQueryData<User[]>(queryKeys.sellers());
    expect(now?.map((u) => u.suspended)).toEqual([false, true]);
    expect(queryClient.getQueryState(queryKeys.sellers())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(queryKeys.buyers())).toBe(buyers);
    expect(queryClient.getQueryState(queryKeys.buyers())?.isInvalidated).toBe(false);
  });

  it('marks a suspended buyer in the buyers’ table', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.buyers(), [aUser({ _id: 'b1' })]);
    applyLiveEvent(queryClient, { event: 'user.suspended', data: { _id: 'b1', role: 'buyer' } });
    expect(queryClient.getQueryData<User[]>(queryKeys.buyers())?.[0]?.suspended).toBe(true);
    expect(queryClient.getQueryState(queryKeys.buyers())?.isInvalidated).toBe(true);
  });
});
