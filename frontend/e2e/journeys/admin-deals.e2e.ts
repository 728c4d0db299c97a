// An admin settles stuck deals from the dashboard (docs/deals.md): a card hold whose
// handover never went through is taken with a reason, and the buyer's My Orders shows the
// sale completed, live; a cash deal nobody can settle is released with a reason, and the
// bike is back on sale. The deal's timeline tells each step, and follows steps taken
// elsewhere without a reload.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { DESKTOP, openContext, openSignedIn, PHONE, screenshot, toastSays } from '../support/browser.ts';
import { rowOf } from '../support/deal.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let admin: Person;
let seller: Person;
let buyer: Person;
let categoryId: string;

beforeAll(async () => {
  ({ server, browser, api, admin, seller, buyer, categoryId } = await openMarketplace('Sport'));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

/** Screenshots at 390 and 1440 px; at each width nothing in the page scrolls sideways. */
async function bothWidths(page: Page, name: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await screenshot(page, name);
    const wide = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('main *, dialog *')]
        .filter((element) => element.clientWidth > 1)
        .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
        .filter((e) => e.getAttribute('role') !== 'group')
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
    );
    expect(wide, `${name} at ${String(viewport.width)} px scrolls sideways`).toEqual([]);
  }
}

/** The admin's Deals page, its socket listening, filtered by `chip`; returns the bike's row. */
async function openDeals(page: Page, chip: string, bike: string) {
  await openLive(page, '/dashboard/deals', true);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Deals' }).waitFor();
  await page.getByRole('button', { name: chip, exact: true }).click();
  await page.waitForURL(`**/dashboard/deals?status=*`);
  const row = rowOf(page, bike);
  await row.waitFor();
  return row;
}

const timeline = (page: Page) => page.getByRole('list', { name: 'Timeline' });

test('a stuck card hold: the admin takes the money with a reason, and the buyer sees Completed live', async () => {
  const bike = 'Yamaha FZS V3 2022';
  await api.book(buyer, await api.listing(seller, categoryId, bike, 185000));

  // The buyer pays with the test card on their phone: the card holds the price.
  const b = await openSignedIn(browser, server.url, buyer, PHONE);
  await b.page.goto('/dashboard/my-orders');
  const bRow = rowOf(b.page, bike);
  await bRow.getByRole('link', { name: 'Pay Now' }).click();
  await b.page.waitForURL('**/dashboard/stripe-payment/**');
  await b.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await b.page.getByLabel(/Expir/).fill('12 / 34');
  await b.page.getByLabel('CVC').fill('123');
  await b.page.getByRole('button', { name: 'Pay ৳1,85,000' }).click();
  await toastSays(b.page, 'Done: your card holds the price until the handover');
  await openLive(b.page, '/dashboard/my-orders', true);
  await bRow.getByText('PAID', { exact: true }).waitFor();
  await markNoReload(b.page);

  // The admin finds it under Held and opens its timeline.
  const a = await openSignedIn(browser, server.url, admin, DESKTOP);
  const row = await openDeals(a.page, 'Held', bike);
  await row.getByText('Card held').waitFor();
  await row.getByText('৳1,85,000').waitFor();
  await row.getByText('Karim Uddin').waitFor();
  await bothWidths(a.page, 'admin-deals-held');
  await row.getByRole('link', { name: 'Timeline' }).click();
  await a.page.getByRole('heading', { name: bike }).waitFor();
  await timeline(a.page).getByText('Booked', { exact: true }).waitFor();
  await timeline(a.page).getByText(/^Card hold: ৳1,85,000 \(pi_\w+\)$/).waitFor();
  await bothWidths(a.page, 'admin-deal-held');

  // The seller could not enter the code at the meet-up: the admin takes the money.
  await a.page.getByRole('button', { name: 'Take the money' }).click();
  const dialog = a.page.getByRole('alertdialog', { name: `Take ৳1,85,000 for ${bike}?` });
  await dialog.getByRole('button', { name: 'Take the money' }).click();
  await dialog.getByText('Say why', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Handed over; the seller could not enter the code' }).click();
  await bothWidths(a.page, 'admin-deal-capture-dialog');
  await dialog.getByRole('button', { name: 'Take the money' }).click();
  await toastSays(a.page, 'Money taken: the deal is completed');
  const claim = timeline(a.page).getByRole('listitem').filter({ hasText: 'Money taken without the code' });
  await claim.getByText('Ayesha Admin (admin)', { exact: false }).waitFor();
  await claim.getByText('Money taken without the code: Handed over; the seller could not enter the code').waitFor();
  await timeline(a.page).getByText(/^Completed: ৳1,85,000 by card/).waitFor();
  await a.page.getByRole('definition').getByText('Completed', { exact: true }).waitFor();
  expect(await a.page.getByRole('button', { name: 'Take the money' }).count()).toBe(0);
  await bothWidths(a.page, 'admin-deal-completed');

  // The buyer's open My Orders follows, without a reload.
  await bRow.getByText('Completed', { exact: true }).waitFor();
  await expectNoReload(b.page);
  for (const context of [a, b]) await context.context.close();
});

test('a stuck cash deal: the admin releases it with a reason, the timeline follows live, the bike is back on sale', async () => {
  const bike = 'Honda Hornet 2.0 2023';
  const listing = await api.listing(seller, categoryId, bike, 240000);
  const booking = await api.book(buyer, listing);
  await api.call('POST', `/orders/${booking}/cash`, buyer.token, {});

  const a = await openSignedIn(browser, server.url, admin, PHONE);
  const row = await openDeals(a.page, 'Cash', bike);
  await row.getByText('Paying cash at the meet-up').waitFor();
  await row.getByRole('link', { name: 'Timeline' }).click();
  await timeline(a.page).getByText('Chose to pay cash at the meet-up').waitFor();
  await markNoReload(a.page);

  // A step the seller takes elsewhere shows on the admin's open timeline, live.
  const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
  await api.call('POST', `/orders/${booking}/meeting`, seller.token, { place: 'Banani 11, Dhaka', at });
  await timeline(a.page).getByText(/^Meeting proposed: Banani 11, Dhaka/).waitFor();
  await expectNoReload(a.page);

  await a.page.getByRole('button', { name: 'Release' }).click();
  const dialog = a.page.getByRole('alertdialog', { name: `Release the deal for ${bike}?` });
  await dialog.getByLabel('Reason').fill('Both sides phoned: the papers are not ready');
  await dialog.getByRole('button', { name: 'Release' }).click();
  await toastSays(a.page, 'Deal released');
  await timeline(a.page).getByText('Released: Both sides phoned: the papers are not ready').waitFor();
  expect(await a.page.getByRole('button', { name: 'Release' }).count()).toBe(0);
  await bothWidths(a.page, 'admin-deal-released');

  // Back on sale.
  const visitor = await openContext(browser, server.url, PHONE);
  await visitor.page.goto(`/category/${categoryId}`);
  await visitor.page.getByRole('article', { name: bike }).getByTestId('availability').getByText('Available').waitFor();
  for (const context of [a, visitor]) await context.context.close();
});

