// A deposit to reserve (docs/deals.md, 'Paying'): the seller's listing takes cards only and
// asks ৳5,000 to reserve. The buyer, on a phone, books it; the payment page offers the card
// for the deposit alone and says why cash is not offered; the card holds ৳5,000 and My
// Orders says the rest is paid in cash at the handover. The seller, in their own browser,
// sees the hold live, takes the rest in cash and enters the buyer's code; both receipts
// show the deposit by card and the rest in cash.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Api, type Person } from '../support/api.ts';
import { bookInBookingModal, DESKTOP, launchBrowser, openContext, PHONE, screenshot, signInAs, toastSays } from '../support/browser.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyer: Person;
let categoryId: string;

const CARD_LINE =
  '৳5,000 held on your card now: taken only when you hand over your code at the meet-up, released if the deal is called off. ৳1,80,000 in cash at the meet-up.';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  seller = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  buyer = await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'buyer');
  categoryId = await api.category(admin, 'Sport');
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

/**
 * Screenshots of what `page` shows now, on a phone and on a desktop; at each width nothing
 * scrolls sideways: not the page, and not a table inside its card.
 */
async function bothWidths(page: Page, name: string, fullPage = true): Promise<void> {
  await screenshot(page, name, { fullPage });
  await expectNothingSideways(page, name);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, name, { fullPage });
  await expectNothingSideways(page, name);
  await page.setViewportSize(PHONE);
}

async function expectNothingSideways(page: Page, name: string): Promise<void> {
  const wide = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('main *, dialog *')]
      .filter((element) => element.clientWidth > 1)
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible')
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} by ${String(element.scrollWidth - element.clientWidth)} px`),
  );
  expect(wide, `${name} at ${String(page.viewportSize()?.width)} px scrolls sideways`).toEqual([]);
}

/** The six digits the buyer's "Show handover code" shows; the dialog is closed again. */
async function readCode(page: Page, bike: string): Promise<string> {
  await page.getByRole('row').filter({ hasText: bike }).getByRole('button', { name: 'Show handover code' }).click();
  const shown = page.getByRole('alertdialog', { name: `Handover code for ${bike}` });
  const digits = shown.getByText(/^\d{6}$/);
  await digits.waitFor();
  const code = (await digits.textContent()) ?? '';
  await shown.getByRole('button', { name: 'Done' }).click();
  return code;
}

test('a card holds the deposit to reserve, and the rest is paid in cash at the handover', async () => {
  const bike = 'Honda CB Hornet 160R 2022';
  await api.listing(seller, categoryId, bike, 185000, { paymentMethods: ['card'], deposit: { amount: 5000 } });

  // The buyer books it: My Orders says the deposit to reserve, and offers no cash.
  const b = await openContext(browser, server.url, PHONE);
  await signInAs(b.page, buyer);
  await b.page.goto(`/category/${categoryId}`);
  await b.page.getByRole('article', { name: bike }).getByRole('button', { name: 'Book Now' }).click();
  await bookInBookingModal(b.page, bike);
  await openLive(b.page, '/dashboard/my-orders', true);
  const bRow = b.page.getByRole('row').filter({ hasText: bike });
  await bRow.getByText('Deposit ৳5,000 to reserve · ৳1,80,000 in cash at the handover').waitFor();
  expect(await bRow.getByRole('button', { name: 'Pay cash at the meet-up' }).count()).toBe(0);
  await bothWidths(b.page, 'deposit-my-orders-reserved');

  const s = await openContext(browser, server.url, PHONE);
  await signInAs(s.page, seller);
  await openLive(s.page, '/dashboard/my-buyers', true);
  const sRow = s.page.getByRole('row').filter({ hasText: bike });
  await sRow.getByText(/^Reserved/).waitFor();

  // The payment page: only the card, for the deposit; cash and bKash muted, with why.
  await bRow.getByRole('link', { name: 'Pay Now' }).click();
  await b.page.waitForURL('**/dashboard/stripe-payment/**');
  await b.page.getByText(CARD_LINE).waitFor();
  await b.page.getByTestId('deposit-now').getByText('৳5,000').waitFor();
  await b.page.getByTestId('deposit-rest').getByText('৳1,80,000').waitFor();
  const cash = b.page.getByTestId('pay-cash-not-offered');
  expect(await cash.textContent()).toMatch(/^Cash at the meet-up: \S/);
  await b.page.getByTestId('pay-bkash-not-offered').waitFor();
  expect(await b.page.getByRole('region', { name: 'Cash at the meet-up' }).count()).toBe(0);
  expect(await b.page.getByRole('button', { name: 'Choose cash at the meet-up' }).count()).toBe(0);
  expect(await b.page.getByRole('button', { name: /with bKash/ }).count()).toBe(0);
  await b.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await b.page.getByLabel(/Expir/).fill('12 / 34');
  await b.page.getByLabel('CVC').fill('123');
  await bothWidths(b.page, 'deposit-payment-page');
  await markNoReload(s.page);
  await b.page.getByRole('button', { name: 'Pay ৳5,000', exact: true }).click();
  await toastSays(b.page, 'Done: your card holds the deposit until the handover');
  await b.page.getByText(/^Your card holds ৳5,000\. Nothing is taken until/).waitFor();
  await b.page.getByText('Bring the rest, ৳1,80,000, in cash to the meet-up.').waitFor();
  await bothWidths(b.page, 'deposit-payment-held');

  // The seller's open page shows the hold at once, with the rest to take in cash.
  await sRow.getByText('Card held', { exact: true }).waitFor();
  await sRow.getByText('Deposit ৳5,000 held · ৳1,80,000 in cash at the handover').waitFor();
  await bothWidths(s.page, 'deposit-my-buyers-held');

  // The buyer's orders: the deposit held, not PAID, and the rest in cash.
  await b.page.getByRole('link', { name: 'Go to My Orders' }).click();
  await bRow.getByText('Deposit held', { exact: true }).waitFor();
  await bRow.getByText('Deposit ৳5,000 held · ৳1,80,000 in cash at the handover').waitFor();
  expect(await bRow.getByText('PAID', { exact: true }).count()).toBe(0);
  await bothWidths(b.page, 'deposit-my-orders-held');
  const code = await readCode(b.page, bike);
  await markNoReload(b.page);

  // At the meet-up the seller takes the rest in cash, then enters the code: the deposit is taken.
  await sRow.getByRole('button', { name: 'Enter handover code' }).click();
  const entry = s.page.getByRole('alertdialog', { name: `Hand over ${bike} to Karim Uddin?` });
  await entry.getByText('Take the rest of the price, ৳1,80,000, in cash.', { exact: false }).waitFor();
  await entry.getByLabel('Handover code').fill(code);
  await bothWidths(s.page, 'deposit-handover', false);
  await entry.getByRole('button', { name: 'Hand over' }).click();
  await toastSays(s.page, `${bike} handed over: the sale is recorded`);
  await sRow.getByText('Completed', { exact: true }).waitFor();
  await bRow.getByText('Completed', { exact: true }).waitFor();
  await bRow.getByText('Deposit by card, the rest in cash').waitFor();
  await expectNoReload(b.page);
  await expectNoReload(s.page);

  // Both receipts: the deposit by card, the rest in cash.
  for (const [page, row, name] of [
    [b.page, bRow, 'deposit-receipt-buyer'],
    [s.page, sRow, 'deposit-receipt-seller'],
  ] as const) {
    await row.getByRole('link', { name: 'View receipt' }).click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt.getByText(bike).waitFor();
    await receipt.getByText('৳1,85,000').waitFor();
    await receipt.getByText('Card deposit, the rest in cash').waitFor();
    const lines = await receipt.getByRole('term').evaluateAll((terms) =>
      terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`),
    );
    expect(lines).toContain('Deposit by card: ৳5,000');
    expect(lines).toContain('In cash at the handover: ৳1,80,000');
    await bothWidths(page, name);
  }
  for (const context of [b, s]) await context.context.close();
});
