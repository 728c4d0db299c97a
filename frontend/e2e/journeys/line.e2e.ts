// Bookings take turns (docs/deals.md): the first buyer holds the bike, the next waits in
// line. Two buyers and the seller, each in their own browser, and a visitor's category
// page in a fourth: every page follows the line live, without a reload.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { Api, type Person } from '../support/api.ts';
import {
  bookInBookingModal,
  confirmInDialog,
  DESKTOP,
  launchBrowser,
  openContext,
  PHONE,
  screenshot,
  signInAs,
  toastSays,
} from '../support/browser.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyerA: Person;
let buyerB: Person;
let categoryId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  seller = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  buyerA = await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'buyer');
  buyerB = await api.signUp('nadia@bikehaat.test', 'Nadia Islam', 'buyer');
  categoryId = await api.category(admin, 'Sport');
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

/** Screenshots of what `page` shows now, on a phone and on a desktop. */
async function bothWidths(page: Page, name: string, fullPage = true): Promise<void> {
  await screenshot(page, name, { fullPage });
  await page.setViewportSize(DESKTOP);
  await screenshot(page, name, { fullPage });
  await page.setViewportSize(PHONE);
}

async function bookFromCategory(page: Page, bike: string): Promise<void> {
  await page.goto(`/category/${categoryId}`);
  await page.getByRole('article', { name: bike }).getByRole('button', { name: 'Book Now' }).click();
  await bookInBookingModal(page, bike);
}

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
  const a = await openContext(browser, server.url, PHONE);
  await signInAs(a.page, buyerA);
  await bookFromCategory(a.page, bike);
  await a.page.getByRole('article', { name: bike }).getByText('Reserved for you').waitFor();
  await watched.getByTestId('availability').getByText('Reserved').waitFor();
  await screenshot(visitor.page, 'line-card-reserved');
  await visitor.page.setViewportSize(DESKTOP);
  await screenshot(visitor.page, 'line-card-reserved');
  await visitor.page.setViewportSize(PHONE);

  // Buyer B is told another buyer holds it, books anyway and waits first in line.
  const b = await openContext(browser, server.url, PHONE);
  await signInAs(b.page, buyerB);
  await b.page.goto(`/category/${categoryId}`);
  await b.page.getByRole('article', { name: bike }).getByRole('button', { name: 'Book Now' }).click();
  await b.page
    .getByRole('dialog', { name: 'Your Order' })
    .getByText("Another buyer holds this bike now. Book to join the line: you'll be told the moment it's yours.")
    .waitFor();
  await bookInBookingModal(b.page, bike);
  await openLive(b.page, '/dashboard/my-orders', true);
  const bRow = b.page.getByRole('row').filter({ hasText: bike });
  await bRow.getByText('In line · 1st').waitFor();
  await bRow.getByText('You are next when the reservation ahead of you ends.', { exact: false }).waitFor();
  if ((await bRow.getByRole('link', { name: 'Pay Now' }).count()) !== 0) throw new Error('Pay Now offered in line');
  await bothWidths(b.page, 'line-my-orders-in-line');
  await markNoReload(b.page);

  await openLive(a.page, '/dashboard/my-orders', true);
  const aRow = a.page.getByRole('row').filter({ hasText: bike });
  await aRow.getByText(/^Reserved for you · \d+ h left$/).waitFor();
  await aRow.getByRole('link', { name: 'Pay Now' }).waitFor();
  await markNoReload(a.page);

  // The seller releases A's reservation, saying why.
  const s = await openContext(browser, server.url, PHONE);
  await signInAs(s.page, seller);
  await openLive(s.page, '/dashboard/my-buyers', true);
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
