// Bookings take turns (docs/deals.md): the first buyer holds the bike, the next waits in
// line. Two buyers and the seller, each in their own browser, and a visitor's category
// page in a fourth: every page follows the line live, without a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { bookInBookingModal, confirmInDialog, openContext, openSignedIn, PHONE, screenshotsAtBothWidths as bothWidths, toastSays } from '../support/browser.ts';
import { bookFromCategory, rowOf, sellerOpensMyBuyers } from '../support/deal.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyerA: Person;
let buyerB: Person;
let categoryId: string;

beforeAll(async () => {
  ({ server, browser, api, seller, buyer: buyerA, categoryId } = await openMarketplace('Sport'));
  buyerB = await api.signUp('nadia@bikehaat.test', 'Nadia Islam', 'buyer');
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

test('the first buyer holds the bike, the next waits; a release passes it on and a cancel frees it', async () => {
  const bike = 'Yamaha R15 V4 2022';
  const reason = 'Karim could not come to Banani this week';
  await api.listing(seller, categoryId, bike, 3850);

  // A visitor watches the category page.
  const visitor = await openContext(browser, server.url, PHONE);
  await openLive(visitor.page, `/category/${categoryId}`, false);
  const watched = visitor.page.getByRole('article', { name: bike });
  await watched.getByTestId('availability').getByText('Available').waitFor();
  await markNoReload(visitor.page);

  // Buyer A books first: the bike is reserved for them, and the visitor's card says so.
  const a = await openSignedIn(browser, server.url, buyerA, PHONE);
  await bookFromCategory(a.page, categoryId, bike);
  await a.page.getByRole('article', { name: bike }).getByText('Reserved for you').waitFor();
  await watched.getByTestId('availability').getByText('Reserved').waitFor();
  await bothWidths(visitor.page, 'line-card-reserved');

  // Buyer B is told another buyer holds it, books anyway and waits first in line.
  const b = await openSignedIn(browser, server.url, buyerB, PHONE);
  await b.page.goto(`/category/${categoryId}`);
  await b.page.getByRole('article', { name: bike }).getByRole('button', { name: 'Book Now' }).click();
  await b.page
    .getByRole('dialog', { name: 'Your Order' })
    .getByText("Another buyer holds this bike now. Book to join the line: you'll be told the moment it's yours.")
    .waitFor();
  await bookInBookingModal(b.page, bike);
  await openLive(b.page, '/dashboard/my-orders', true);
  const bRow = rowOf(b.page, bike);
  await bRow.getByText('In line · 1st').waitFor();
  await bRow.getByText('You are next when the reservation ahead of you ends.', { exact: false }).waitFor();
  if ((await bRow.getByRole('link', { name: 'Pay Now' }).count()) !== 0) throw new Error('Pay Now offered in line');
  await bothWidths(b.page, 'line-my-orders-in-line');
  await markNoReload(b.page);

  await openLive(a.page, '/dashboard/my-orders', true);
  const aRow = rowOf(a.page, bike);
  await aRow.getByText(/^Reserved for you · \d+ h left$/).waitFor();
  await aRow.getByRole('link', { name: 'Pay Now' }).waitFor();
  await markNoReload(a.page);

  // The seller releases A's reservation, saying why.
  const s = await sellerOpensMyBuyers(browser, server.url, seller);
  const karim = s.page.getByRole('row').filter({ hasText: 'Karim Uddin' });
  const nadia = s.page.getByRole('row').filter({ hasText: 'Nadia Islam' });
  await karim.getByText(/^Reserved · \d+ h left$/).waitFor();
  await nadia.getByText('In line · 1st').waitFor();
  await nadia.getByRole('button', { name: 'Decline' }).waitFor();
  await karim.getByRole('button', { name: 'Release' }).click();
  const dialog = s.page.getByRole('alertdialog', { name: `Release Karim's reservation of ${bike}?` });
  await dialog.getByRole('button', { name: 'Release' }).click();
  await dialog.getByText('Tell the buyer why').waitFor();
  await dialog.getByLabel('Reason').fill(reason);
  await bothWidths(s.page, 'line-my-buyers-release', false);
  await dialog.getByRole('button', { name: 'Release' }).click();
  await toastSays(s.page, 'Reservation released');
  await dialog.waitFor({ state: 'detached' });
  await karim.getByText(`Released: ${reason}`).waitFor();
  await nadia.getByText(/^Reserved · \d+ h left$/).waitFor();
  await bothWidths(s.page, 'line-my-buyers');

  // B's My Orders flips to Reserved with Pay Now; A's says why, both live.
  await bRow.getByText(/^Reserved for you · \d+ h left$/).waitFor();
  await bRow.getByRole('link', { name: 'Pay Now' }).waitFor();
  await aRow.getByText(`Released: ${reason}`).waitFor();
  if ((await aRow.getByRole('link', { name: 'Pay Now' }).count()) !== 0) throw new Error('Pay Now after release');
  await bothWidths(a.page, 'line-my-orders-released');
  await expectNoReload(a.page);
  await expectNoReload(b.page);
  // Still reserved (for B): the visitor's card has not changed.
  await watched.getByTestId('availability').getByText('Reserved').waitFor();

  // B cancels: nobody holds the bike, and the visitor's card loses Reserved live.
  await bRow.getByRole('button', { name: 'Cancel' }).click();
  await confirmInDialog(
    b.page,
    `Cancel your booking of ${bike}?`,
    'Are you sure, You want to Cancel this product?',
    'Cancel booking',
  );
  await toastSays(b.page, 'Order Canceled Successfully');
  await watched.getByTestId('availability').getByText('Available').waitFor();
  await expectNoReload(visitor.page);
  await nadia.getByText('Cancelled').waitFor();

  for (const context of [visitor, a, b, s]) await context.context.close();
});
