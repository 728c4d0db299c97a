// Sample records in the server's shapes, for component and reducer tests.
import type { components } from '@/lib/api/schema.d.ts';
import type { Advert, Notification, Listing, User } from '@/lib/api/types.ts';
import type { AuditEntry, ListingReport, ListingReview, ReportedListing, VerificationRequest } from '@/lib/api/types.ts';
import type { SeenEvent } from '@/lib/live/apply-event.ts';
import type { LiveEvent } from '@/lib/live/live-events.ts';
import type { Conversation } from '@/lib/live/message-events.ts';
import type { Offer } from '@/lib/live/offer-events.ts';

type Booking = components['schemas']['BookingView'];

export function aListing(overrides: Partial<Listing> = {}): Listing {
  return {
    _id: 'p1',
    advertised: false,
    availability: 'Available',
    categoryId: 'c1',
    color: 'Red',
    condition: 'Excellent',
    description: 'Serviced last month.',
    location: 'Dhaka',
    originalPrice: 2500,
    postTime: '2026-03-05T14:07:00',
    productImage: '/uploads/bike.jpg',
    photos: ['/uploads/bike.jpg'],
    productName: 'Yamaha R15',
    purchaseYear: 2021,
    report: null,
    reserved: false,
    resalePrice: 1800,
    sellerEmail: 'seller@example.com',
    sellerId: 's1',
    sellerName: 'Rahim Seller',
    sellerPhone: '01700000000',
    sellerVerification: false,
    phoneVerified: false,
    sellerSince: '2024-01-15T10:00:00Z',
    sellerRating: { count: 0 },
    yearsOfUse: 3,
    brand: 'Yamaha',
    model: 'R15',
    engineCc: 155,
    kmDriven: 14500,
    registrationYear: 2021,
    district: 'Dhaka',
    area: 'Mirpur 10',
    paymentMethods: ['cash', 'card', 'bkash'],
    deposit: null,
    negotiable: true,
    phoneInConversation: false,
    onWhatsapp: false,
    state: 'live',
    ...overrides,
  };
}

export function anAdvert(overrides: Partial<Advert> = {}): Advert {
  const { _id: listingId, ...fields } = aListing();
  return { ...fields, _id: 'a1', advertiseId: listingId, ...overrides };
}

export function aBooking(overrides: Partial<Booking> = {}): Booking {
  const { _id: listingId, ...fields } = aListing();
  return {
    ...fields,
    // A booking says the deposit it kept, not the listing's terms.
    deposit: null,
    _id: 'o1',
    bookingId: listingId,
    buyerEmail: 'buyer@example.com',
    buyerName: 'Karim Buyer',
    buyerPhone: '01800000000',
    meetingLocation: 'Mirpur 10',
    orderTime: '2026-03-06T10:00:00Z',
    paid: false,
    price: 1800,
    status: 'reserved',
    reserved: true,
    queuePosition: null,
    // Far ahead, so "… h left" does not depend on when the tests run.
    reservedUntil: '2099-01-01T00:00:00Z',
    reason: null,
    ...overrides,
  };
}

export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Karim Buyer',
    email: 'buyer@example.com',
    image: '/uploads/me.png',
    role: 'buyer',
    emailVerified: true,
    phoneVerified: false,
    language: 'en',
    suspended: false,
    ...overrides,
  };
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: 'n1',
    kind: 'booking',
    message: 'Karim booked your Yamaha R15. Call them on +880 1711-000000 to agree on meeting at Banani 11.',
    link: '/dashboard/my-buyers',
    createdAt: '2026-11-25T01:00:00Z',
    read: false,
    ...overrides,
  };
}

/**
 * Rahim's request to be verified, sent at 10:30 am in Dhaka on Fri 27 Nov 2026, waiting,
 * with its three photos (as admins see it; a seller's own has no `photos`).
 */
export function aVerificationRequest(overrides: Partial<VerificationRequest> = {}): VerificationRequest {
  return {
    _id: 'r1',
    sellerId: 'u1',
    sellerName: 'Rahim Seller',
    sellerEmail: 'rahim@example.com',
    state: 'pending',
    createdAt: '2026-11-27T04:30:00Z',
    photos: { front: 'f1', back: 'b1', selfie: 's1' },
    ...overrides,
  };
}

/**
 * Rahim's Yamaha waiting for an admin since 10:30 am in Dhaka on Fri 27 Nov 2026, as his
 * first listing whose description gives a phone number.
 */
export function aListingReview(
  listing: Partial<Listing> = {},
  overrides: Partial<Omit<ListingReview, 'listing'>> = {},
): ListingReview {
  return {
    listing: aListing({ state: 'pending', ...listing }),
    flags: ['first_listing', 'contact'],
    askedAt: '2026-11-27T04:30:00Z',
    ...overrides,
  };
}

/** Karim's report of a listing, made at 10:30 am in Dhaka on Fri 27 Nov 2026: a scam, he says. */
export function aReport(overrides: Partial<ListingReport> = {}): ListingReport {
  return {
    reporterId: 'b1',
    reporterName: 'Karim Buyer',
    reason: 'scam',
    note: 'Asked me for a bKash advance before showing the bike.',
    reportedAt: '2026-11-27T04:30:00Z',
    ...overrides,
  };
}

/**
 * A listing in the admins' queue of reports with `reports` (Karim's alone unless told):
 * the count and the reasons with their counts (the most given first) follow from them,
 * as the server groups them.
 */
export function aReportedListing(listing: Partial<Listing> = {}, reports: ListingReport[] = [aReport()]): ReportedListing {
  const counts = new Map<string, number>();
  for (const report of reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return {
    listing: aListing({ report: 'reported', ...listing }),
    count: reports.length,
    reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    reports,
  };
}

/** Ayesha dismissing the reports of the Yamaha at 10:30 am in Dhaka on Fri 27 Nov 2026. */
export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: '9',
    actorId: 'a1',
    actorName: 'Ayesha Admin',
    action: 'reports.dismissed',
    targetKind: 'listing',
    targetId: 'p1',
    targetLabel: 'Yamaha R15',
    createdAt: '2026-11-27T04:30:00Z',
    ...overrides,
  };
}

let nextSeq = 1000;

/** An event as a write's answer carries it (with the next place in the log). */
export function seen(live: LiveEvent): SeenEvent {
  nextSeq += 1;
  return { ...live, seq: nextSeq };
}

/** What the server answers an insert that recorded `events`. */
export function inserted(id: string, ...events: LiveEvent[]) {
  return { acknowledged: true, insertedId: id, events: events.map(seen) };
}

/** What the server answers an update that recorded `events`. */
export function modified(...events: LiveEvent[]) {
  return { acknowledged: true, modifiedCount: 1, deletedCount: 0, events: events.map(seen) };
}

/** What the server answers a delete that recorded `events`. */
export function deleted(...events: LiveEvent[]) {
  return { acknowledged: true, modifiedCount: 0, deletedCount: 1, events: events.map(seen) };
}

/** An open offer of ৳1,500 by the buyer on the ৳1,800 Yamaha. */
export function anOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    _id: 'f1',
    conversationId: 'c1',
    productId: 'p1',
    amount: 1500,
    by: 'buyer',
    status: 'open',
    madeAt: '2026-11-27T04:10:00Z',
    // Far ahead, so "lapses in …" does not depend on when the tests run.
    expiresAt: '2099-01-01T00:00:00Z',
    answeredAt: null,
    ...overrides,
  };
}

/**
 * A conversation about the ৳1,800 negotiable Yamaha between the buyer (user "1") and the
 * seller (user "2"); a seller's own tests set `sellerId: '1'` (as `signedInAs` signs in).
 */
export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: 'c1',
    productId: 'p1',
    productName: 'Yamaha R15',
    productImage: '/uploads/bike.jpg',
    buyerId: '1',
    buyerName: 'Karim Buyer',
    sellerId: '2',
    sellerName: 'Rahim Seller',
    createdAt: '2026-11-27T04:00:00Z',
    lastMessageAt: '2026-11-27T04:05:00Z',
    buyerReadUpTo: '0',
    sellerReadUpTo: '0',
    unread: 0,
    offer: null,
    price: 1800,
    negotiable: true,
    sold: false,
    ...overrides,
  };
}
