// Holding the price in a bKash wallet, against tools/fake-bkash: the buyer, on a phone,
// chooses bKash on the payment page, approves on bKash's page with the wallet's PIN and
// comes back to My Orders with the price held; the seller's open page shows it at once,
// and the buyer's code (shown with its QR code) completes the sale, live on both pages,
// with a receipt that says bKash. A buyer who cancels on bKash's page comes back to the
// payment page, told nothing was held, with the bike still reserved for them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { BKASH_PIN, startFakeBkash, type FakeBkash } from '../support/bkash.ts';
import { DESKTOP, openSignedIn, PHONE, screenshotsAtBothWidths as bothWidths, toastSays } from '../support/browser.ts';
import { bookFromCategory, handOver, openHandover, rowOf, sellerOpensMyBuyers } from '../support/deal.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let bkash: FakeBkash;
let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyer: Person;
let categoryId: string;

const BKASH_LINE =
  'The price is held in your bKash wallet: taken when you hand over your code at the meet-up, released if the deal is called off.';
const HOLD_NOTE =
  'Your card is only held: the money is taken when you hand over your code at the meet-up, and released if the deal is called off.';
const CASH_LINE = 'Nothing is charged now. Pay the seller in cash when you have checked the bike and its papers.';

beforeAll(async () => {
  bkash = await startFakeBkash();
  ({ server, browser, api, seller, buyer, categoryId } = await openMarketplace('Commuter', { args: bkash.args() }));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
  await bkash.stop();
});

/** The buyer, on a phone, books `bike` and opens its payment page from My Orders. */
async function bookAndOpenPayment(bike: string) {
  const b = await openSignedIn(browser, server.url, buyer, PHONE);
  await bookFromCategory(b.page, categoryId, bike);
  await b.page.goto('/dashboard/my-orders');
  await rowOf(b.page, bike).getByRole('link', { name: 'Pay Now' }).click();
  await b.page.waitForURL('**/dashboard/stripe-payment/**');
  await b.page.getByRole('region', { name: 'bKash' }).getByText(BKASH_LINE).waitFor();
  return b;
}

/** On the payment page, "Pay … with bKash": the button is busy, then bKash's own page opens. */
async function openBkash(page: Page, price: string): Promise<void> {
  await page.getByRole('button', { name: `Pay ${price} with bKash`, exact: true }).click();
  await page.waitForURL(`${bkash.base}/checkout?paymentID=*`);
  await page.getByRole('heading', { name: 'bKash Payment' }).waitFor();
}

test('a buyer holds the price in their bKash wallet, and their code completes the sale, live, with a receipt', async () => {
  const bike = 'Yamaha FZS V3 2023';
  await api.listing(seller, categoryId, bike, 245000);
  const b = await bookAndOpenPayment(bike);

  // The three ways this marketplace takes, each with its one line.
  await b.page.getByText(HOLD_NOTE).waitFor();
  await b.page.getByRole('region', { name: 'Cash at the meet-up' }).getByText(CASH_LINE).waitFor();
  await b.page.getByLabel('Card number').waitFor();
  await bothWidths(b.page, 'bkash-payment-methods');

  // The seller's My Buyers is open, listening.
  const s = await sellerOpensMyBuyers(browser, server.url, seller, DESKTOP);
  await markNoReload(s.page);
  const sRow = rowOf(s.page, bike);
  await sRow.getByText(/^Reserved/).waitFor();

  // bKash's page: the wallet number is filled in; the buyer enters their PIN and confirms.
  await openBkash(b.page, '৳2,45,000');
  await b.page.getByText('৳245000.00').waitFor();
  expect(await b.page.getByLabel('Your bKash account number').inputValue()).toMatch(/^01\d{9}$/);
  await b.page.getByLabel('PIN').fill(BKASH_PIN);
  await b.page.getByRole('button', { name: 'Confirm' }).click();

  // Back on My Orders: the price is held, until when, and the code to show.
  await b.page.waitForURL('**/dashboard/my-orders**');
  await toastSays(b.page, 'bKash holds the price until the handover');
  // Said once: the address drops `?bkash=held`, so a reload does not say it again.
  await b.page.waitForURL((url) => url.pathname === '/dashboard/my-orders' && url.search === '');
  const bRow = rowOf(b.page, bike);
  await bRow.getByText('PAID', { exact: true }).waitFor();
  await bRow.getByText(/^bKash hold released by itself on /).waitFor();
  await bRow.getByRole('button', { name: 'Call off' }).waitFor();
  // The toast has slid in by the time the picture is taken.
  await b.page.waitForTimeout(800);
  await bothWidths(b.page, 'bkash-my-orders-held');

  // The seller's open page shows it at once.
  await sRow.getByText('bKash held', { exact: true }).waitFor();
  await sRow.getByText(/^Released by itself on .+ if not handed over$/).waitFor();
  await expectNoReload(s.page);

  // The buyer shows the code: its six digits beside its QR code.
  await openLive(b.page, '/dashboard/my-orders', true);
  await bRow.getByRole('button', { name: 'Show handover code' }).click();
  const shown = b.page.getByRole('alertdialog', { name: `Handover code for ${bike}` });
  const digits = shown.getByText(/^\d{6}$/);
  await digits.waitFor();
  await shown.getByRole('img', { name: 'QR code of your handover code' }).waitFor();
  await bothWidths(b.page, 'bkash-handover-code-qr', false);
  const code = (await digits.textContent()) ?? '';
  await shown.getByRole('button', { name: 'Done' }).click();
  await markNoReload(b.page);

  // At the meet-up the seller enters it: bKash's hold is taken now, and both pages say so.
  await handOver(await openHandover(sRow, bike, buyer), bike, code);
  await sRow.getByText('Completed', { exact: true }).waitFor();
  await bRow.getByText('Completed', { exact: true }).waitFor();
  await bRow.getByText('Paid by bKash').waitFor();
  await expectNoReload(b.page);
  await expectNoReload(s.page);
  await sRow.getByRole('link', { name: 'View receipt' }).click();
  const receipt = s.page.getByRole('article', { name: 'Receipt' });
  await receipt.getByText(bike).waitFor();
  await receipt.getByText('৳2,45,000').waitFor();
  await receipt.getByText('bKash', { exact: true }).waitFor();
  for (const context of [b, s]) await context.context.close();
});

test('a buyer who cancels on bKash’s page is back on the payment page, nothing held, the bike still theirs', async () => {
  const bike = 'Honda Shine 125 2021';
  await api.listing(seller, categoryId, bike, 1450);
  const b = await bookAndOpenPayment(bike);
  await openBkash(b.page, '৳1,450');
  await b.page.getByRole('button', { name: 'Cancel' }).click();

  await b.page.waitForURL('**/dashboard/stripe-payment/**?bkash=cancel');
  await b.page.getByText('You cancelled on bKash: nothing was held. Choose how to pay.').waitFor();
  await b.page.getByRole('button', { name: 'Pay ৳1,450 with bKash', exact: true }).waitFor();
  await bothWidths(b.page, 'bkash-cancelled');
  const bookings = (await api.bookingsOf(buyer)) as unknown as { productName: string; status: string; paid: boolean }[];
  const booking = bookings.find((found) => found.productName === bike);
  expect(booking).toMatchObject({ status: 'reserved', paid: false });
  await b.context.close();
});
