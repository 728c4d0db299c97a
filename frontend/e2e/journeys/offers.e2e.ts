// Bargaining in a conversation (docs/conversations.md, "Offers"): the buyer offers below
// the asking price, the seller counters, the buyer accepts, each side seeing the other's
// move live, and the buyer books the bike at the accepted price, which My Orders keeps.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { bookInBookingModal, checkedAtBothWidths, openSignedIn, PHONE } from '../support/browser.ts';
import { rowOf } from '../support/deal.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyer: Person;
let categoryId: string;

beforeAll(async () => {
  ({ server, browser, api, seller, buyer, categoryId } = await openMarketplace('Commuter'));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

test('the buyer offers, the seller counters, the buyer accepts and books at that price', async () => {
  const bike = 'Suzuki Gixxer SF 2022';
  const productId = await api.listing(seller, categoryId, bike, 1650);
  const { conversation } = await api.call<{ conversation: { _id: string } }>('POST', '/conversations', buyer.token, {
    productId,
    text: 'What is your last price?',
    clientId: 'offers-journey-1',
  });
  const thread = `/dashboard/messages/${conversation._id}`;

  const s = await openSignedIn(browser, server.url, seller, PHONE);
  await openLive(s.page, thread, true);
  const sThread = s.page.getByRole('list', { name: 'Messages' });
  await sThread.getByText('What is your last price?').waitFor();
  await markNoReload(s.page);

  const b = await openSignedIn(browser, server.url, buyer, PHONE);
  await openLive(b.page, thread, true);
  const bThread = b.page.getByRole('list', { name: 'Messages' });
  await b.page.getByRole('button', { name: 'Make an offer' }).click();
  await b.page.getByRole('textbox', { name: 'Your offer (৳)' }).fill('1,400');
  await b.page.getByRole('button', { name: 'Send offer' }).click();
  await bThread.getByRole('article', { name: 'Offer of ৳1,400' }).getByText('Offer from you').waitFor();
  await markNoReload(b.page);

  // The seller sees the offer arrive and counters it.
  const offer = sThread.getByRole('article', { name: 'Offer of ৳1,400' });
  await offer.getByText(/^Waiting for an answer · lapses in 4\dh$/).waitFor();
  await offer.getByRole('button', { name: 'Counter' }).click();
  await offer.getByRole('textbox', { name: 'Your counter (৳)' }).fill('1550');
  await offer.getByRole('button', { name: 'Send counter' }).click();
  await offer.getByText('Countered').waitFor();

  // The buyer sees the counter live and accepts it; the seller sees it accepted.
  const counter = bThread.getByRole('article', { name: 'Offer of ৳1,550' });
  await counter.getByRole('button', { name: 'Accept' }).click();
  await counter.getByText('Accepted').waitFor();
  await bThread.getByRole('article', { name: 'Offer of ৳1,400' }).getByText('Countered').waitFor();
  await sThread.getByRole('article', { name: 'Offer of ৳1,550' }).getByText('Accepted').waitFor();
  await expectNoReload(s.page);
  await expectNoReload(b.page);
  await checkedAtBothWidths(b.page, 'offers-thread');
  await checkedAtBothWidths(s.page, 'offers-thread-seller');

  // Booking from the accepted offer is at its price, and My Orders keeps that price.
  await counter.getByRole('link', { name: 'Book at ৳1,550' }).click();
  const order = b.page.getByRole('dialog', { name: 'Your Order' });
  await order.getByText('Your accepted offer: ৳1,550').waitFor();
  await checkedAtBothWidths(b.page, 'offers-booking', false);
  await bookInBookingModal(b.page, bike);
  await b.page.goto('/dashboard/my-orders');
  await expect.poll(() => rowOf(b.page, bike).first().textContent()).toContain('৳1,550');
});
