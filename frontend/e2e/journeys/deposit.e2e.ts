// A deposit to reserve (docs/deals.md, 'Paying'): the seller's listing takes cards only and
// asks ৳5,000 to reserve. The buyer, on a phone, books it; the payment page offers the card
// for the deposit alone and says why cash is not offered; the card holds ৳5,000 and My
// Orders says the rest is paid in cash at the handover. The seller, in their own browser,
// sees the hold live, takes the rest in cash and enters the buyer's code; both receipts
// show the deposit by card and the rest in cash.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { checkedAtBothWidths as bothWidths, toastSays } from '../support/browser.ts';
import { buyerBooks, handOver, openHandover, readHandoverCode, rowOf, sellerOpensMyBuyers } from '../support/deal.ts';
import { expectNoReload, markNoReload } from '../support/live.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyer: Person;
let categoryId: string;

const CARD_LINE =
  '৳5,000 held on your card now: taken only when you hand over your code at the meet-up, released if the deal is called off. ৳1,80,000 in cash at the meet-up.';

beforeAll(async () => {
  ({ server, browser, api, seller, buyer, categoryId } = await openMarketplace('Sport'));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

test('a card holds the deposit to reserve, and the rest is paid in cash at the handover', async () => {
  const bike = 'Honda CB Hornet 160R 2022';
  await api.listing(seller, categoryId, bike, 185000, { paymentMethods: ['card'], deposit: { amount: 5000 } });

  // The buyer books it: My Orders says the deposit to reserve, and offers no cash.
  const b = await buyerBooks(browser, server.url, buyer, categoryId, bike);
  const bRow = rowOf(b.page, bike);
  await bRow.getByText('Deposit ৳5,000 to reserve · ৳1,80,000 in cash at the handover').waitFor();
  expect(await bRow.getByRole('button', { name: 'Pay cash at the meet-up' }).count()).toBe(0);
  await bothWidths(b.page, 'deposit-my-orders-reserved');

  const s = await sellerOpensMyBuyers(browser, server.url, seller);
  const sRow = rowOf(s.page, bike);
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
  const { code } = await readHandoverCode(b.page, bike);
  await markNoReload(b.page);

  // At the meet-up the seller takes the rest in cash, then enters the code: the deposit is taken.
  const entry = await openHandover(sRow, bike, buyer);
  await entry.getByText('Take the rest of the price, ৳1,80,000, in cash.', { exact: false }).waitFor();
  await entry.getByLabel('Handover code').fill(code);
  await bothWidths(s.page, 'deposit-handover', false);
  await handOver(entry, bike, code);
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
