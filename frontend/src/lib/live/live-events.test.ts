import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aListing, anAdvert, aBooking, aReportedListing, aUser, aVerificationRequest } from '@/test/fixtures.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { applyLiveEvent } from './apply-event.ts';
import type { LiveEvent } from './live-events.ts';
import type { Booking } from '@/lib/api/types.ts';
import {
  addAdvert,
  addCategory,
  addCategoryListing,
  addBooking,
  addReportedListing,
  addSellerListing,
  markBookingPaid,
  setAvailability,
  markSellerVerified,
  markUserSuspended,
  markUserVerified,
  parseServerMessage,
  markBookingCancelled,
  removeWhere,
  replaceBooking,
  setAdvertised,
  setReserved,
} from './live-events.ts';
import { liveUrl, reconnectDelay } from './live-url.ts';

describe('live reducers', () => {
  it('marks a suspended user in the admin’s tables, once, leaving the others', () => {
    const list = [aUser({ _id: 'u1' }), aUser({ _id: 'u2' })];
    const next = markUserSuspended(list, 'u2');
    expect(next?.map((u) => u.suspended)).toEqual([false, true]);
    expect(next?.[0]).toBe(list[0]);
    expect(markUserSuspended(next, 'u2')).toBe(next);
    expect(markUserSuspended(list, 'u9')).toBe(list);
    expect(markUserSuspended(undefined, 'u2')).toBeUndefined();
  });

  it('adds a new category at the end, once', () => {
    const sports = { _id: 'c1', categoryName: 'Sports', categoryImage: '/a.png' };
    const old = [sports];
    const added = { _id: 'c2', categoryName: 'Cruiser', categoryImage: '/b.png' };
    expect(addCategory(old, added)?.map((c) => c._id)).toEqual(['c1', 'c2']);
    expect(addCategory(old, sports)).toBe(old);
    expect(addCategory(undefined, added)).toBeUndefined();
  });

  it('puts a new listing on top of its own category only', () => {
    const listed = aListing({ _id: 'p1' });
    const old = [listed];
    const fresh = aListing({ _id: 'p2', categoryId: 'c1' });
    expect(addCategoryListing(old, 'c1', fresh)?.map((p) => p._id)).toEqual(['p2', 'p1']);
    expect(addCategoryListing(old, 'c9', fresh)).toBe(old);
    expect(addCategoryListing(old, 'c1', listed)).toBe(old);
  });

  it("adds a new listing to its seller's table only", () => {
    const old = [aListing({ _id: 'p1' })];
    const fresh = aListing({ _id: 'p2' });
    expect(addSellerListing(old, 'seller@example.com', fresh)).toHaveLength(2);
    expect(addSellerListing(old, 'other@example.com', fresh)).toBe(old);
  });

  it('flips a sold listing and leaves the others untouched', () => {
    const other = aListing({ _id: 'p2' });
    const old = [aListing({ _id: 'p1' }), other];
    const next = setAvailability(old, 'p1', 'sold');
    expect(next?.[0]?.availability).toBe('sold');
    expect(next?.[1]).toBe(other);
    expect(old[0]?.availability).toBe('Available');
    expect(setAvailability(next, 'p1', 'sold')).toBe(next);
    expect(setAvailability(old, 'nope', 'sold')).toBe(old);
    expect(setAvailability(next, 'p1', 'Available')?.[0]?.availability).toBe('Available');
  });

  it("marks a buyer's order of a sold listing by its bookingId", () => {
    const old = [aBooking({ _id: 'o1', bookingId: 'p1' })];
    expect(setAvailability(old, 'p1', 'sold')?.[0]?.availability).toBe('sold');
    expect(setAvailability(old, 'o1', 'sold')).toBe(old);
  });

  it('removes by any key, keeping identity when nothing matches', () => {
    const old = [anAdvert({ _id: 'a1', advertiseId: 'p1' }), anAdvert({ _id: 'a2', advertiseId: 'p2' })];
    expect(removeWhere(old, (a) => a.advertiseId, 'p1')?.map((a) => a._id)).toEqual(['a2']);
    expect(removeWhere(old, (a) => a._id, 'zzz')).toBe(old);
  });

  it('adds adverts and reported listings on top, once', () => {
    const advert = anAdvert({ _id: 'a1' });
    const ads = [advert];
    expect(addAdvert(ads, anAdvert({ _id: 'a2' }))?.map((a) => a._id)).toEqual(['a2', 'a1']);
    expect(addAdvert(ads, advert)).toBe(ads);
    const listing = aListing({ _id: 'p1' });
    const reported = [listing];
    expect(addReportedListing(reported, aListing({ _id: 'p2' }))).toHaveLength(2);
    expect(addReportedListing(reported, listing)).toBe(reported);
  });

  it("marks a listing advertised, or no longer, in its seller's table", () => {
    const old = [aListing({ _id: 'p1' }), aListing({ _id: 'p2', advertised: true })];
    const advertised = setAdvertised(old, 'p1', true);
    expect(advertised?.map((p) => p.advertised)).toEqual([true, true]);
    expect(advertised?.[1]).toBe(old[1]);
    expect(setAdvertised(old, 'p2', true)).toBe(old);
    expect(setAdvertised(old, 'p2', false)?.map((p) => p.advertised)).toEqual([false, false]);
    expect(setAdvertised(old, 'zzz', true)).toBe(old);
  });

  it("shows the verified badge on that seller's cards, matched by id (visitors see no e-mail)", () => {
    const mine = aListing({ _id: 'p1', sellerId: 's1' });
    const theirs = aListing({ _id: 'p2', sellerId: 's2' });
    const next = markSellerVerified([mine, theirs], 's1');
    expect(next?.[0]?.sellerVerification).toBe(true);
    expect(next?.[1]).toBe(theirs);
    expect(markSellerVerified(next, 's1')).toBe(next);
  });

  it("verifies the seller's row in the admin table", () => {
    const old = [aUser({ _id: 'u1', role: 'seller' }), aUser({ _id: 'u2', role: 'seller' })];
    const next = markUserVerified(old, 'u1');
    expect(next?.[0]?.verification).toBe('verified');
    expect(next?.[1]).toBe(old[1]);
    expect(markUserVerified(next, 'u1')).toBe(next);
  });

  it("adds a booking to its buyer's orders and, paid by card, marks it held", () => {
    const old = [aBooking({ _id: 'o1' })];
    const fresh = aBooking({ _id: 'o2' });
    expect(addBooking(old, 'buyer@example.com', fresh)?.map((o) => o._id)).toEqual(['o2', 'o1']);
    expect(addBooking(old, 'someone@example.com', fresh)).toBe(old);
    const held = markBookingPaid(old, 'o1');
    // The reservation's 48 hours no longer apply; the hold's deadline comes with the re-read list.
    expect(held?.[0]).toMatchObject({ paid: true, status: 'held', availability: 'sold', reservedUntil: null });
    expect(markBookingPaid(held, 'o1')).toBe(held);
  });

  it('reads nothing again after a payment: the deal.updated beside it brings until when the price is held', () => {
    const queryClient = new QueryClient();
    const buyerKey = queryKeys.bookingsOf('buyer@example.com');
    const sellerKey = queryKeys.sellerBookingsOf('seller@example.com');
    queryClient.setQueryData(buyerKey, [aBooking({ _id: 'o1' })]);
    queryClient.setQueryData(sellerKey, [aBooking({ _id: 'o1' })]);
    const held = aBooking({
      _id: 'o1',
      status: 'held',
      method: 'bkash',
      paid: true,
      availability: 'sold',
      reservedUntil: '2026-12-03T11:30:00Z',
    });
    // Either order: the payment first, or the deal as it stands first.
    applyLiveEvent(queryClient, { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } });
    applyLiveEvent(queryClient, { event: 'deal.updated', data: held });
    expect(queryClient.getQueryState(buyerKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(sellerKey)?.isInvalidated).toBe(false);
    for (const key of [buyerKey, sellerKey]) {
      expect(queryClient.getQueryData<Booking[]>(key)?.[0]).toMatchObject({
        status: 'held',
        method: 'bkash',
        reservedUntil: '2026-12-03T11:30:00Z',
      });
    }
    // The payment arriving again, or late, takes nothing back and changes nothing.
    const before = queryClient.getQueryData<Booking[]>(buyerKey);
    applyLiveEvent(queryClient, { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } });
    applyLiveEvent(queryClient, { event: 'deal.updated', data: held });
    expect(queryClient.getQueryData<Booking[]>(buyerKey)).toBe(before);
  });

  it('keeps the held deal when its deal.updated comes before the payment event', () => {
    const held = aBooking({ _id: 'o1', status: 'held', paid: true, availability: 'sold', reservedUntil: '2026-12-03T11:30:00Z' });
    const list = replaceBooking([aBooking({ _id: 'o1', status: 'reserved' })], held);
    expect(markBookingPaid(list, 'o1')).toBe(list);
    expect(list?.[0]?.reservedUntil).toBe('2026-12-03T11:30:00Z');
    // A reservation replayed afterwards does not take it back.
    expect(replaceBooking(list, aBooking({ _id: 'o1', status: 'reserved' }))).toBe(list);
  });

  it('never takes a card-paid deal back when its payment is replayed after it moved on', () => {
    for (const status of ['completed', 'called_off', 'paid', 'cash'] as const) {
      const old = [aBooking({ _id: 'o1', status, paid: status !== 'called_off' && status !== 'cash' })];
      expect(markBookingPaid(old, 'o1')).toBe(old);
    }
    // Paid, then completed at the handover: the replayed payment leaves it completed.
    const held = markBookingPaid([aBooking({ _id: 'o1', status: 'reserved' })], 'o1');
    const completed = replaceBooking(held, aBooking({ _id: 'o1', status: 'completed', paid: true, availability: 'sold' }));
    expect(completed?.[0]?.status).toBe('completed');
    expect(markBookingPaid(completed, 'o1')).toBe(completed);
    // A held deal called off stays called off, whatever arrives late.
    const calledOff = replaceBooking(held, aBooking({ _id: 'o1', status: 'called_off', paid: false }));
    expect(calledOff?.[0]?.status).toBe('called_off');
    expect(markBookingPaid(calledOff, 'o1')).toBe(calledOff);
    expect(replaceBooking(calledOff, aBooking({ _id: 'o1', status: 'held', paid: true }))).toBe(calledOff);
  });
});

describe('the line', () => {
  const waiting = (position: number) =>
    aBooking({ _id: 'o2', status: 'waiting', queuePosition: position, reservedUntil: null });
  const reservedNow = aBooking({ _id: 'o2', status: 'reserved', queuePosition: null });

  it('replaces a booking with the one the event carries, keeping the others and identity when unchanged', () => {
    const other = aBooking({ _id: 'o1' });
    const old = [other, waiting(2)];
    const moved = replaceBooking(old, waiting(1));
    expect(moved?.map((o) => o.queuePosition)).toEqual([null, 1]);
    expect(moved?.[0]).toBe(other);
    expect(replaceBooking(moved, waiting(1))).toBe(moved);
  });

  it('never takes a booking back when an older state is replayed after a newer one', () => {
    const old = [waiting(2)];
    const reserved = replaceBooking(old, reservedNow);
    expect(reserved?.[0]?.status).toBe('reserved');
    // Back in line, or further back in line: both are older news.
    expect(replaceBooking(reserved, waiting(1))).toBe(reserved);
    expect(replaceBooking([waiting(1)], waiting(2))?.[0]?.queuePosition).toBe(1);
    const released = replaceBooking(reserved, { ...reservedNow, status: 'released', reason: 'No show' });
    expect(released?.[0]?.status).toBe('released');
    expect(replaceBooking(released, reservedNow)).toBe(released);
    const paid = replaceBooking(reserved, { ...reservedNow, status: 'paid', paid: true });
    expect(replaceBooking(paid, reservedNow)).toBe(paid);
  });

  it('never takes a cash deal back once completed or called off', () => {
    const cash = replaceBooking([reservedNow], { ...reservedNow, status: 'cash', method: 'cash' });
    expect(cash?.[0]?.status).toBe('cash');
    expect(replaceBooking(cash, reservedNow)).toBe(cash);
    const completed = replaceBooking(cash, { ...reservedNow, status: 'completed', method: 'cash' });
    expect(completed?.[0]?.status).toBe('completed');
    expect(replaceBooking(completed, { ...reservedNow, status: 'cash', method: 'cash' })).toBe(completed);
    const calledOff = replaceBooking(cash, { ...reservedNow, status: 'called_off', calledOffBy: 'seller', reason: 'Did not come' });
    expect(calledOff?.[0]?.status).toBe('called_off');
    expect(replaceBooking(calledOff, { ...reservedNow, status: 'cash', method: 'cash' })).toBe(calledOff);
  });

  it('keeps the latest meeting proposal, and an agreed one, whatever order they arrive in', () => {
    const proposed = (proposal: number, agreed = false) =>
      aBooking({ _id: 'o2', meeting: { proposal, agreed, at: '2026-03-08T10:00:00Z', place: 'Banani 11', proposedBy: 'buyer' } });
    const first = [proposed(1)];
    const second = replaceBooking(first, proposed(2));
    expect(second?.[0]?.meeting?.proposal).toBe(2);
    expect(replaceBooking(second, proposed(1))).toBe(second);
    expect(replaceBooking(second, proposed(2))).toBe(second);
    const agreed = replaceBooking(second, proposed(2, true));
    expect(replaceBooking(agreed, proposed(2))).toBe(agreed);
    expect(replaceBooking(agreed, aBooking({ _id: 'o2' }))).toBe(agreed);
  });

  it("adds a booking it lacks only to its own buyer's or seller's list, newest first", () => {
    const older = aBooking({ _id: 'o1', orderTime: '2026-03-06T10:00:00Z' });
    const newer = aBooking({ _id: 'o2', orderTime: '2026-03-07T10:00:00Z', status: 'waiting', queuePosition: 1 });
    const mine = { email: 'buyer@example.com', of: (o: { buyerEmail: string }) => o.buyerEmail };
    expect(replaceBooking([older], newer, mine)?.map((o) => o._id)).toEqual(['o2', 'o1']);
    const old = [older];
    expect(replaceBooking(old, newer, { ...mine, email: 'someone@example.com' })).toBe(old);
    // The payment page's one booking is only ever replaced.
    expect(replaceBooking(old, newer)).toBe(old);
    expect(replaceBooking(undefined, newer, mine)).toBeUndefined();
  });

  it('cancels a booking waiting or reserved, never a paid or ended one', () => {
    const list = [
      aBooking({ _id: 'o1', status: 'waiting' }),
      aBooking({ _id: 'o2', status: 'reserved' }),
      aBooking({ _id: 'o3', status: 'paid', paid: true }),
      aBooking({ _id: 'o4', status: 'released' }),
    ];
    expect(markBookingCancelled(list, 'o1')?.[0]?.status).toBe('cancelled');
    expect(markBookingCancelled(list, 'o2')?.[1]?.status).toBe('cancelled');
    expect(markBookingCancelled(list, 'o3')).toBe(list);
    expect(markBookingCancelled(list, 'o4')).toBe(list);
  });

  it('marks a listing reserved or available on every copy, by any key, once', () => {
    const listings = [aListing({ _id: 'p1' }), aListing({ _id: 'p2' })];
    const reserved = setReserved(listings, 'p1', true);
    expect(reserved?.map((l) => l.reserved)).toEqual([true, false]);
    expect(setReserved(reserved, 'p1', true)).toBe(reserved);
    expect(setReserved(reserved, 'p1', false)?.map((l) => l.reserved)).toEqual([false, false]);
    const adverts = [anAdvert({ advertiseId: 'p1' })];
    expect(setReserved(adverts, 'p1', true, (a) => a.advertiseId)?.[0]?.reserved).toBe(true);
  });

  it('tells every cached copy of a listing that it is reserved, then available again', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['products', 'c1', 'public'], [aListing({ _id: 'p1' })]);
    queryClient.setQueryData(queryKeys.listing('p1', 'public'), aListing({ _id: 'p1' }));
    queryClient.setQueryData(queryKeys.wishlist(), [aListing({ _id: 'p1' })]);
    queryClient.setQueryData(['advertise'], [anAdvert({ advertiseId: 'p1' })]);
    const reserved = () =>
      [
        queryClient.getQueryData<{ reserved: boolean }[]>(['products', 'c1', 'public'])?.[0]?.reserved,
        queryClient.getQueryData<{ reserved: boolean }>(queryKeys.listing('p1', 'public'))?.reserved,
        queryClient.getQueryData<{ reserved: boolean }[]>(queryKeys.wishlist())?.[0]?.reserved,
        queryClient.getQueryData<{ reserved: boolean }[]>(['advertise'])?.[0]?.reserved,
      ];
    const ids = { _id: 'p1', categoryId: 'c1', sellerId: 's1' };
    applyLiveEvent(queryClient, { event: 'product.reserved', data: ids });
    expect(reserved()).toEqual([true, true, true, true]);
    applyLiveEvent(queryClient, { event: 'product.available', data: ids });
    expect(reserved()).toEqual([false, false, false, false]);
  });

  it("moves a booking along in the buyer's orders, the seller's bookings and the payment page", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['orders', 'buyer@example.com'], [waiting(1)]);
    queryClient.setQueryData(queryKeys.sellerBookingsOf('seller@example.com'), [waiting(1)]);
    queryClient.setQueryData(queryKeys.paymentBooking('o2'), waiting(1));
    applyLiveEvent(queryClient, { event: 'deal.updated', data: reservedNow });
    expect(queryClient.getQueryData<{ status: string }[]>(['orders', 'buyer@example.com'])?.[0]?.status).toBe('reserved');
    expect(
      queryClient.getQueryData<{ status: string }[]>(queryKeys.sellerBookingsOf('seller@example.com'))?.[0]?.status,
    ).toBe('reserved');
    expect(queryClient.getQueryData<{ status: string }>(queryKeys.paymentBooking('o2'))?.status).toBe('reserved');
  });
});

describe('parseServerMessage', () => {
  it('reads events, keeping the seq of events it does not know', () => {
    const known = parseServerMessage(JSON.stringify({ type: 'event', seq: 7, event: 'product.sold', data: { _id: 'p1' } }));
    expect(known).toEqual({ type: 'event', seq: 7, live: { event: 'product.sold', data: { _id: 'p1' } } });
    const unknown = parseServerMessage(JSON.stringify({ type: 'event', seq: 8, event: 'rocket.launched', data: {} }));
    expect(unknown).toEqual({ type: 'event', seq: 8, live: null });
  });

  it('reads a dismissal of reports and a suspension', () => {
    const ids = { _id: 'p1', categoryId: 'c1', sellerId: 's1' };
    expect(parseServerMessage(JSON.stringify({ type: 'event', seq: 9, event: 'report.dismissed', data: ids }))).toEqual({
      type: 'event',
      seq: 9,
      live: { event: 'report.dismissed', data: ids },
    });
    const user = { _id: 's1', role: 'seller' };
    expect(parseServerMessage(JSON.stringify({ type: 'event', seq: 10, event: 'user.suspended', data: user }))).toEqual({
      type: 'event',
      seq: 10,
      live: { event: 'user.suspended', data: user },
    });
  });

  it('reads auth and reset, and ignores anything else', () => {
    expect(parseServerMessage('{"type":"auth","ok":true,"role":"buyer"}')).toEqual({ type: 'auth', ok: true });
    expect(parseServerMessage('{"type":"reset"}')).toEqual({ type: 'reset' });
    expect(parseServerMessage('not json')).toEqual({ type: 'other' });
    expect(parseServerMessage('{"type":"error","message":"?"}')).toEqual({ type: 'other' });
  });
});

describe('applyLiveEvent', () => {
  it('patches every cached list the event touches, in place', () => {
    const queryClient = new QueryClient();
    const sportsBike = aListing({ _id: 'p1', categoryId: 'c1' });
    const cruiser = aListing({ _id: 'p9', categoryId: 'c2' });
    queryClient.setQueryData(['products', 'c1'], [sportsBike]);
    queryClient.setQueryData(['products', 'c2'], [cruiser]);
    queryClient.setQueryData(['advertise'], [anAdvert({ _id: 'a1', advertiseId: 'p1' })]);
    queryClient.setQueryData(['orders', 'buyer@example.com'], [aBooking({ _id: 'o1', bookingId: 'p1' })]);

    applyLiveEvent(queryClient, { event: 'product.created', data: aListing({ _id: 'p2', categoryId: 'c1' }) });
    expect(queryClient.getQueryData<{ _id: string }[]>(['products', 'c1'])?.map((p) => p._id)).toEqual(['p2', 'p1']);
    expect(queryClient.getQueryData(['products', 'c2'])).toEqual([cruiser]);

    applyLiveEvent(queryClient, { event: 'product.sold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    expect(queryClient.getQueryData<{ availability: string }[]>(['products', 'c1'])?.[1]?.availability).toBe('sold');
    expect(queryClient.getQueryData(['advertise'])).toEqual([]);
    expect(queryClient.getQueryData<{ availability: string }[]>(['orders', 'buyer@example.com'])?.[0]?.availability).toBe(
      'sold',
    );

    // The buyer's card could not be charged after all: for sale again everywhere, and
    // the advert strip asks the server whether the bike's advert shows again.
    queryClient.setQueryData(['orders', 'other@example.com'], [aBooking({ _id: 'o2', bookingId: 'p1', availability: 'sold' })]);
    applyLiveEvent(queryClient, { event: 'product.unsold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    expect(queryClient.getQueryData<{ availability: string }[]>(['products', 'c1'])?.[1]?.availability).toBe('Available');
    expect(queryClient.getQueryData<{ availability: string }[]>(['orders', 'other@example.com'])?.[0]?.availability).toBe(
      'Available',
    );
    expect(queryClient.getQueryState(['advertise'])?.isInvalidated).toBe(true);
    queryClient.removeQueries({ queryKey: ['orders', 'other@example.com'] });

    applyLiveEvent(queryClient, { event: 'order.cancelled', data: { _id: 'o1', bookingId: 'p1' } });
    expect(queryClient.getQueryData(['orders', 'buyer@example.com'])).toEqual([]);

    applyLiveEvent(queryClient, { event: 'product.deleted', data: { _id: 'p2', categoryId: 'c1', sellerId: 's1' } });
    expect(queryClient.getQueryData<{ _id: string }[]>(['products', 'c1'])?.map((p) => p._id)).toEqual(['p1']);
  });

  it.each([
    ['product.available', false],
    ['product.reserved', true],
  ] as const)('puts a bike back on an open category page when its card-held deal is called off (then %s)', (next, reserved) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['products', 'c1'], [aListing({ _id: 'p1', categoryId: 'c1', availability: 'sold', reserved: true })]);
    const ids = { _id: 'p1', categoryId: 'c1', sellerId: 's1' };
    applyLiveEvent(queryClient, { event: 'product.unsold', data: ids });
    applyLiveEvent(queryClient, { event: next, data: ids });
    const [card] = queryClient.getQueryData<{ availability: string; reserved: boolean }[]>(['products', 'c1']) ?? [];
    expect(card).toMatchObject({ availability: 'Available', reserved });
  });

  it("keeps a seller's open table in step with the advert strip", () => {
    const queryClient = new QueryClient();
    const key = ['sellerProducts', 'seller@example.com'];
    queryClient.setQueryData(key, [aListing({ _id: 'p1' }), aListing({ _id: 'p2' })]);
    const advertised = () => queryClient.getQueryData<{ advertised: boolean }[]>(key)?.map((p) => p.advertised);

    applyLiveEvent(queryClient, { event: 'advert.created', data: anAdvert({ _id: 'a1', advertiseId: 'p2' }) });
    expect(advertised()).toEqual([false, true]);
    expect(queryClient.getQueryData(['advertise'])).toBeUndefined();

    applyLiveEvent(queryClient, { event: 'advert.removed', data: { _id: 'a1', advertiseId: 'p2' } });
    expect(advertised()).toEqual([false, false]);
  });

  it("keeps the payment page's booking in step: sold elsewhere, for sale again, paid", () => {
    const queryClient = new QueryClient();
    const key = queryKeys.paymentBooking('o1');
    queryClient.setQueryData(key, aBooking({ _id: 'o1', bookingId: 'p1' }));
    const booking = () => {
      const cached = queryClient.getQueryData<{ availability: string; paid: boolean; status: string }>(key);
      return [cached?.availability, cached?.paid, cached?.status];
    };

    applyLiveEvent(queryClient, { event: 'product.sold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    expect(booking()).toEqual(['sold', false, 'reserved']);
    applyLiveEvent(queryClient, { event: 'product.unsold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } });
    expect(booking()).toEqual(['Available', false, 'reserved']);
    applyLiveEvent(queryClient, { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } });
    expect(booking()).toEqual(['sold', true, 'held']);
    // Another booking's payment leaves this one alone.
    applyLiveEvent(queryClient, { event: 'order.paid', data: { _id: 'o2', bookingId: 'p2' } });
    expect(booking()).toEqual(['sold', true, 'held']);
  });

  it('creates no cache entries for lists nobody has loaded', () => {
    const queryClient = new QueryClient();
    applyLiveEvent(queryClient, { event: 'category.created', data: { _id: 'c1', categoryName: 'x', categoryImage: 'y' } });
    applyLiveEvent(queryClient, { event: 'user.deleted', data: { _id: 'u1', role: 'seller' } });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('a changed listing', () => {
  it('shows its new price and text on every copy: cards, adverts, bookings, the wishlist; a booking keeps its price', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['products', 'c1', 'member'], [aListing({ _id: 'p1' }), aListing({ _id: 'p2' })]);
    queryClient.setQueryData(queryKeys.wishlist(), [aListing({ _id: 'p1' })]);
    queryClient.setQueryData(['advertise'], [anAdvert({ _id: 'a1', advertiseId: 'p1' })]);
    queryClient.setQueryData(['orders', 'buyer@example.com'], [aBooking({ _id: 'o1', bookingId: 'p1', price: 1800 })]);
    const changed = aListing({ _id: 'p1', resalePrice: 1500, color: 'Matte Black', description: 'New tyres.' });
    // The public form carries no phone: the copy keeps the one it had.
    delete changed.sellerPhone;
    applyLiveEvent(queryClient, { event: 'product.updated', data: changed });

    const card = queryClient.getQueryData<{ _id: string; resalePrice: number; color: string; sellerPhone?: string }[]>([
      'products',
      'c1',
      'member',
    ]);
    expect(card?.[0]).toMatchObject({ resalePrice: 1500, color: 'Matte Black', sellerPhone: '01700000000' });
    expect(card?.[1]?.resalePrice).not.toBe(1500);
    expect(queryClient.getQueryData<{ resalePrice: number }[]>(queryKeys.wishlist())?.[0]?.resalePrice).toBe(1500);
    expect(queryClient.getQueryData<{ resalePrice: number }[]>(['advertise'])?.[0]?.resalePrice).toBe(1500);
    // The booking was made at ৳1,800: that stays what it costs.
    expect(
      queryClient.getQueryData<{ price: number; resalePrice: number; description: string }[]>([
        'orders',
        'buyer@example.com',
      ])?.[0],
    ).toMatchObject({ price: 1800, resalePrice: 1500, description: 'New tyres.' });
  });
});

describe("a seller's booking counts", () => {
  it.each(['order.created', 'order.cancelled', 'order.paid'] as const)('are read again after %s', (event) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.sellerListingsOf('seller@example.com'), [aListing({ _id: 'p1' })]);
    const data = event === 'order.created' ? aBooking({ _id: 'o9', bookingId: 'p1' }) : { _id: 'o9', bookingId: 'p1' };
    applyLiveEvent(queryClient, { event, data } as LiveEvent);
    expect(queryClient.getQueryState(queryKeys.sellerListingsOf('seller@example.com'))?.isInvalidated).toBe(true);
  });
});

describe('connection helpers', () => {
  it('uses the page origin, ws or wss', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/live');
    expect(liveUrl({ protocol: 'https:', host: 'bikehaat.example' })).toBe('wss://bikehaat.example/api/live');
  });

  it('backs off exponentially with jitter, capped at 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(50, () => 1)).toBe(30_000);
    expect(reconnectDelay(50, () => 0)).toBe(15_000);
  });
});

/** A conversation reported for asking for money first. */
const REPORT = {
  _id: 'r9',
  conversationId: 'c9',
  productId: 'p1',
  productName: 'Yamaha R15',
  buyerName: 'Karim',
  sellerName: 'Rahim',
  reporterId: 'u2',
  reporterName: 'Karim',
  reason: 'money_first',
  note: '',
  createdAt: '2026-11-27T04:30:00Z',
};

describe('every reducer is idempotent', () => {
  /** One event of every kind the page knows, about the lists filled below. */
  const everyKind: LiveEvent[] = [
    { event: 'category.created', data: { _id: 'c9', categoryName: 'Scooters', categoryImage: '/c.png' } },
    { event: 'product.created', data: aListing({ _id: 'p9', categoryId: 'c1' }) },
    {
      event: 'product.updated',
      data: aListing({ _id: 'p1', categoryId: 'c1', resalePrice: 1500, color: 'Matte Black' }),
    },
    { event: 'product.sold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } },
    { event: 'product.unsold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } },
    { event: 'product.deleted', data: { _id: 'p2', categoryId: 'c1', sellerId: 's1' } },
    { event: 'advert.created', data: anAdvert({ _id: 'a9', advertiseId: 'p9' }) },
    { event: 'advert.removed', data: { _id: 'a1', advertiseId: 'p1' } },
    { event: 'product.reported', data: aListing({ _id: 'p9', categoryId: 'c1' }) },
    { event: 'conversation.reported', data: REPORT },
    { event: 'seller.verified', data: { _id: 's1' } },
    { event: 'order.created', data: aBooking({ _id: 'o9', bookingId: 'p9' }) },
    { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } },
    { event: 'order.cancelled', data: { _id: 'o9', bookingId: 'p9' } },
    { event: 'product.reserved', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } },
    { event: 'product.available', data: { _id: 'p2', categoryId: 'c1', sellerId: 's1' } },
    { event: 'deal.updated', data: aBooking({ _id: 'o5', bookingId: 'p2', status: 'released', reason: 'No show' }) },
    { event: 'deal.updated', data: aBooking({ _id: 'o8', bookingId: 'p2', status: 'waiting', queuePosition: 1 }) },
    { event: 'user.deleted', data: { _id: 'u1', role: 'seller' } },
    { event: 'report.dismissed', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } },
    { event: 'user.suspended', data: { _id: 'u2', role: 'buyer' } },
    { event: 'verification.requested', data: aVerificationRequest({ _id: 'r9', sellerId: 's1' }) },
    { event: 'verification.decided', data: aVerificationRequest({ _id: 'r1', state: 'approved' }) },
    {
      event: 'notification.created',
      data: {
        _id: 'n9',
        kind: 'booking',
        message: 'Karim booked your Yamaha R15.',
        link: '/dashboard/my-buyers',
        createdAt: '2026-11-25T01:00:00Z',
        read: false,
      },
    },
  ];

  function filledCache(): QueryClient {
    const queryClient = new QueryClient();
    const listings = [aListing({ _id: 'p1', categoryId: 'c1' }), aListing({ _id: 'p2', categoryId: 'c1' })];
    queryClient.setQueryData(['categories'], [{ _id: 'c1', categoryName: 'Sports', categoryImage: '/s.png' }]);
    queryClient.setQueryData(['products', 'c1', 'member'], listings);
    queryClient.setQueryData(['sellerProducts', 'seller@example.com'], listings);
    queryClient.setQueryData(['reportedProducts'], [aListing({ _id: 'p2', categoryId: 'c1' })]);
    queryClient.setQueryData(queryKeys.reports(), [
      aReportedListing({ _id: 'p1', categoryId: 'c1' }),
      aReportedListing({ _id: 'p2', categoryId: 'c1', sellerId: 's2' }),
    ]);
    queryClient.setQueryData(queryKeys.reportedConversations(), [{ ...REPORT, _id: 'r1' }]);
    queryClient.setQueryData(['advertise'], [anAdvert({ _id: 'a1', advertiseId: 'p1' })]);
    queryClient.setQueryData(['orders', 'buyer@example.com'], [aBooking({ _id: 'o1', bookingId: 'p1' })]);
    queryClient.setQueryData(queryKeys.sellerBookingsOf('seller@example.com'), [
      aBooking({ _id: 'o1', bookingId: 'p1' }),
      aBooking({ _id: 'o5', bookingId: 'p2' }),
    ]);
    queryClient.setQueryData(['allSeller'], [aUser({ _id: 'u1', role: 'seller' }), aUser({ _id: 's1', role: 'seller' })]);
    queryClient.setQueryData(['allBuyer'], [aUser({ _id: 'u2', role: 'buyer' })]);
    queryClient.setQueryData(queryKeys.paymentBooking('o1'), aBooking({ _id: 'o1', bookingId: 'p1' }));
    queryClient.setQueryData(queryKeys.wishlist(), [aListing({ _id: 'p1', categoryId: 'c1' })]);
    queryClient.setQueryData(queryKeys.notifications(), { unread: 0, notifications: [] });
    queryClient.setQueryData(queryKeys.verificationQueue(), [aVerificationRequest({ _id: 'r1' })]);
    return queryClient;
  }

  const snapshot = (queryClient: QueryClient) =>
    JSON.stringify(queryClient.getQueryCache().getAll().map((query) => [query.queryKey, query.state.data]));

  it.each(everyKind.map((live) => [live.event, live] as const))('%s applied twice changes nothing more', (_, live) => {
    const queryClient = filledCache();
    applyLiveEvent(queryClient, live);
    const once = snapshot(queryClient);
    applyLiveEvent(queryClient, live);
    expect(snapshot(queryClient)).toBe(once);
  });

  it('replaying every event after resume, in order, leaves every list as it was', () => {
    const queryClient = filledCache();
    for (const live of everyKind) applyLiveEvent(queryClient, live);
    const after = snapshot(queryClient);
    for (const live of everyKind) applyLiveEvent(queryClient, live);
    expect(JSON.parse(snapshot(queryClient))).toEqual(JSON.parse(after));
  });
});
