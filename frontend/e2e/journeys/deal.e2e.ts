// A deal, from the reservation to the handover (docs/deals.md): the buyer and the seller,
// each in their own browser, agree where and when to meet; the buyer chooses cash, the
// seller enters the buyer's handover code (a wrong one first) and both pages show the sale
// completed, live, with its receipt. Paid by card, the card holds the price until the
// same code is entered. A deal called off (cash, or a card hold) puts the bike back on
// sale, live on a visitor's category page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { checkedAtBothWidths as bothWidths, confirmInDialog, openContext, PHONE, screenshot, toastSays } from '../support/browser.ts';
import { buyerBooks, handOver, openHandover, readHandoverCode as readCode, rowOf, sellerOpensMyBuyers } from '../support/deal.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyer: Person;
let categoryId: string;

const CASH_LINE = 'Nothing is charged now. Pay the seller in cash when you have checked the bike and its papers.';
const SAFETY = 'Meet in a public place. Check the bike and its papers before you hand over money or the code.';

beforeAll(async () => {
  ({ server, browser, api, seller, buyer, categoryId } = await openMarketplace('Sport'));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

/** Two days from now at 17:30 in Dhaka, as a `datetime-local` value and as the page shows it. */
function inTwoDays(): string {
  const dhaka = new Date(Date.now() + 6 * 3600_000 + 2 * 86_400_000);
  return `${dhaka.toISOString().slice(0, 10)}T17:30`;
}

/** The buyer books `bike` and both open their pages, listening; returns each side's row. */
async function bookAndOpen(bike: string) {
  const b = await buyerBooks(browser, server.url, buyer, categoryId, bike);
  const s = await sellerOpensMyBuyers(browser, server.url, seller);
  await markNoReload(b.page);
  await markNoReload(s.page);
  return { b, s, bRow: rowOf(b.page, bike), sRow: rowOf(s.page, bike) };
}

/** The buyer chooses cash at the meet-up, after reading what it means. */
async function chooseCash(page: Page, bike: string): Promise<void> {
  const row = rowOf(page, bike);
  await row.getByText(CASH_LINE).waitFor();
  await row.getByRole('button', { name: 'Pay cash at the meet-up' }).click();
  await confirmInDialog(page, `Pay cash for ${bike} at the meet-up?`, `${CASH_LINE} ${SAFETY}`, 'Pay cash at the meet-up');
  await toastSays(page, 'Rahim Motors is told you will pay cash at the meet-up');
  await row.getByText('Paying cash at the meet-up').waitFor();
}

test('the two sides agree where and when to meet, live', async () => {
  const bike = 'Suzuki Gixxer SF 2021';
  await api.listing(seller, categoryId, bike, 2650);
  const { b, s, bRow, sRow } = await bookAndOpen(bike);
  await bRow.getByText('No meeting agreed yet.').waitFor();
  await sRow.getByText('No meeting agreed yet.').waitFor();

  // The buyer suggests a place and a time; a time already past is refused first.
  await bRow.getByRole('button', { name: 'Suggest a meeting' }).click();
  const dialog = b.page.getByRole('alertdialog', { name: `Where and when to meet for ${bike}?` });
  await dialog.getByLabel('Place').fill('Banani 11, outside the Agora');
  await dialog.getByLabel('Date and time (Dhaka time)').fill('2020-01-01T10:00');
  await dialog.getByRole('button', { name: 'Suggest' }).click();
  await dialog.getByText('Choose a time that is still to come').waitFor();
  await dialog.getByLabel('Date and time (Dhaka time)').fill(inTwoDays());
  await bothWidths(b.page, 'deal-meeting-dialog', false);
  await dialog.getByRole('button', { name: 'Suggest' }).click();
  await toastSays(b.page, 'Meeting suggested: Rahim Motors is told');
  await bRow.getByText('Proposed by you:').waitFor();

  // The seller sees it the moment it is made, and agrees.
  await sRow.getByText('Proposed by the buyer:').waitFor();
  await sRow.getByText(/Banani 11, outside the Agora, \w{3} \d{1,2} \w{3}, 5:30 pm/).waitFor();
  await bothWidths(s.page, 'deal-my-buyers-proposed');
  await sRow.getByRole('button', { name: 'Agree' }).click();
  await toastSays(s.page, 'Meeting agreed');
  await sRow.getByText('Meeting agreed:').waitFor();

  // The buyer's page follows, without a reload.
  await bRow.getByText('Meeting agreed:').waitFor();
  expect(await bRow.getByRole('button', { name: 'Agree' }).count()).toBe(0);
  await bothWidths(b.page, 'deal-my-orders-agreed');
  await expectNoReload(b.page);
  await expectNoReload(s.page);
  for (const context of [b, s]) await context.context.close();
});

test('cash at the meet-up: a wrong code, then the buyer’s code completes the sale, with a receipt', async () => {
  const bike = 'Yamaha FZS V3 2022';
  await api.listing(seller, categoryId, bike, 2250);
  const { b, s, bRow, sRow } = await bookAndOpen(bike);
  await bothWidths(b.page, 'deal-my-orders-reserved');
  await chooseCash(b.page, bike);
  await sRow.getByText('Paying cash at the meet-up').waitFor();
  await sRow.getByRole('button', { name: 'Call off' }).waitFor();
  await bothWidths(s.page, 'deal-my-buyers-cash');

  // The buyer shows their code.
  await bRow.getByRole('button', { name: 'Show handover code' }).click();
  const shown = b.page.getByRole('alertdialog', { name: `Handover code for ${bike}` });
  const digits = shown.getByText(/^\d{6}$/);
  await digits.waitFor();
  const code = (await digits.textContent()) ?? '';
  await bothWidths(b.page, 'deal-handover-code', false);
  await shown.getByRole('button', { name: 'Done' }).click();

  // The seller types a wrong code, then the right one.
  const entry = await openHandover(sRow, bike, buyer);
  const field = entry.getByLabel('Handover code');
  const wrong = code.endsWith('0') ? `${code.slice(0, 5)}1` : `${code.slice(0, 5)}0`;
  await field.fill(wrong);
  await entry.getByRole('button', { name: 'Hand over' }).click();
  await s.page.locator('#handover-code-error').waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  await bothWidths(s.page, 'deal-handover-wrong', false);
  await handOver(entry, bike, code);

  // Both pages say Completed, live; the receipt opens from either.
  await sRow.getByText('Completed', { exact: true }).waitFor();
  await bRow.getByText('Completed', { exact: true }).waitFor();
  await bothWidths(b.page, 'deal-my-orders-completed');
  await expectNoReload(b.page);
  await expectNoReload(s.page);
  await bRow.getByRole('link', { name: 'View receipt' }).click();
  const receipt = b.page.getByRole('article', { name: 'Receipt' });
  await receipt.getByText(bike).waitFor();
  await receipt.getByText('৳2,250').waitFor();
  await receipt.getByText('Cash at the meet-up').waitFor();
  await receipt.getByText('Karim Uddin').waitFor();
  await receipt.getByText('Rahim Motors').waitFor();
  await bothWidths(b.page, 'deal-receipt');
  // On paper: the receipt alone, without the site's navigation, the Print button or toasts.
  await b.page.emulateMedia({ media: 'print' });
  await screenshot(b.page, 'deal-receipt-print');
  expect(await b.page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(false);
  expect(await receipt.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  await b.page.emulateMedia({ media: 'screen' });
  for (const context of [b, s]) await context.context.close();
});

test('five wrong codes lock the handover until the buyer shows a new code', async () => {
  const bike = 'TVS Apache RTR 160 4V 2022';
  await api.listing(seller, categoryId, bike, 1650);
  const { b, s, sRow, bRow } = await bookAndOpen(bike);
  await chooseCash(b.page, bike);
  const first = await readCode(b.page, bike);
  expect(first.locked).toBe(false);

  const entry = await openHandover(sRow, bike, buyer);
  const field = entry.getByLabel('Handover code');
  const wrong = first.code.endsWith('0') ? `${first.code.slice(0, 5)}1` : `${first.code.slice(0, 5)}0`;
  for (const told of ['4 tries left', '3 tries left', '2 tries left', 'one try left', 'that was the last try']) {
    await field.fill(wrong);
    await entry.getByRole('button', { name: 'Hand over' }).click();
    await entry.getByText(told, { exact: false }).waitFor();
  }
  // Locked: even the right code is refused now, above the buttons.
  await field.fill(first.code);
  await entry.getByRole('button', { name: 'Hand over' }).click();
  await entry.getByRole('alert').filter({ hasText: 'Too many wrong codes' }).waitFor();
  await bothWidths(s.page, 'deal-handover-locked', false);

  // The buyer sees the code locked and makes a new one; the seller enters it.
  const locked = await readCode(b.page, bike);
  expect(locked.locked).toBe(true);
  const shown = b.page.getByRole('alertdialog', { name: `Handover code for ${bike}` });
  await bothWidths(b.page, 'deal-handover-code-locked', false);
  await shown.getByRole('button', { name: 'New code' }).click();
  await shown.getByRole('button', { name: 'New code' }).waitFor({ state: 'detached' });
  const renewed = (await shown.getByText(/^\d{6}$/).textContent()) ?? '';
  await shown.getByRole('button', { name: 'Done' }).click();
  await handOver(entry, bike, renewed);
  await bRow.getByText('Completed', { exact: true }).waitFor();
  for (const context of [b, s]) await context.context.close();
});

test('a deal called off puts the bike back on sale, live on a visitor’s page', async () => {
  const bike = 'Honda Hornet 2.0 2023';
  await api.listing(seller, categoryId, bike, 2800);
  const visitor = await openContext(browser, server.url, PHONE);
  await openLive(visitor.page, `/category/${categoryId}`, false);
  const watched = visitor.page.getByRole('article', { name: bike }).getByTestId('availability');
  await watched.getByText('Available').waitFor();
  await markNoReload(visitor.page);

  const { b, s, bRow, sRow } = await bookAndOpen(bike);
  await watched.getByText('Reserved').waitFor();
  await chooseCash(b.page, bike);

  await sRow.getByRole('button', { name: 'Call off' }).click();
  const dialog = s.page.getByRole('alertdialog', { name: `Call off the deal for ${bike}?` });
  await dialog.getByRole('button', { name: 'Did not come' }).click();
  await bothWidths(s.page, 'deal-call-off', false);
  await dialog.getByRole('button', { name: 'Call off' }).click();
  await toastSays(s.page, 'Deal called off');
  await sRow.getByText('Called off by the seller').waitFor();
  await bRow.getByText('Called off by the seller').waitFor();
  await bRow.getByText(': Did not come').waitFor();
  await watched.getByText('Available').waitFor();
  expect(await watched.getByText('Reserved').count()).toBe(0);
  await expectNoReload(visitor.page);
  await expectNoReload(b.page);
  for (const context of [visitor, b, s]) await context.context.close();
});

const HOLD_NOTE =
  'Your card is only held: the money is taken when you hand over your code at the meet-up, and released if the deal is called off.';

test('paid by card: the card holds the price until the buyer’s code completes the sale, live, with a receipt', async () => {
  const bike = 'Bajaj Pulsar N160 2023';
  await api.listing(seller, categoryId, bike, 2150);
  const { b, s, bRow, sRow } = await bookAndOpen(bike);

  // The buyer pays with the test card; the page says first that the card is only held.
  await bRow.getByRole('link', { name: 'Pay Now' }).click();
  await b.page.waitForURL('**/dashboard/stripe-payment/**');
  await b.page.getByText(HOLD_NOTE).waitFor();
  await b.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await b.page.getByLabel(/Expir/).fill('12 / 34');
  await b.page.getByLabel('CVC').fill('123');
  await bothWidths(b.page, 'deal-payment-page');
  await b.page.getByRole('button', { name: 'Pay ৳2,150' }).click();
  await toastSays(b.page, 'Done: your card holds the price until the handover');
  await b.page
    .getByText(
      'Your card holds ৳2,150. Nothing is taken until you meet the seller, check the bike and its papers, and show your handover code.',
    )
    .waitFor();
  expect(await b.page.getByText(/bike is yours|Congrats/).count()).toBe(0);
  await bothWidths(b.page, 'deal-payment-held');

  // The seller's open page shows it at once: the card holds the price, the code to enter.
  await sRow.getByText('Card held', { exact: true }).waitFor();
  await sRow.getByText(/^Released by itself on .+ if not handed over$/).waitFor();
  await sRow.getByRole('button', { name: 'Call off' }).waitFor();
  await bothWidths(s.page, 'deal-my-buyers-held');

  // The buyer's orders: PAID, until when the hold lasts, the code, the meeting, Call off.
  await b.page.getByRole('link', { name: 'Go to My Orders' }).click();
  await bRow.getByText('PAID', { exact: true }).waitFor();
  await bRow.getByText(/^Card hold released by itself on /).waitFor();
  await bRow.getByRole('button', { name: 'Suggest a meeting' }).waitFor();
  await bRow.getByRole('button', { name: 'Call off' }).waitFor();
  await bothWidths(b.page, 'deal-my-orders-held');
  const { code } = await readCode(b.page, bike);

  // At the meet-up the seller enters the code: the money is taken now.
  await handOver(await openHandover(sRow, bike, buyer), bike, code);
  await sRow.getByText('Completed', { exact: true }).waitFor();
  await bRow.getByText('Completed', { exact: true }).waitFor();
  await bRow.getByText('Paid by card').waitFor();
  await expectNoReload(b.page);
  await expectNoReload(s.page);
  await sRow.getByRole('link', { name: 'View receipt' }).click();
  const receipt = s.page.getByRole('article', { name: 'Receipt' });
  await receipt.getByText(bike).waitFor();
  await receipt.getByText('৳2,150').waitFor();
  await receipt.getByText('Card', { exact: true }).waitFor();
  await bothWidths(s.page, 'deal-receipt-card');
  for (const context of [b, s]) await context.context.close();
});

test('a buyer calls off a deal their card holds: nothing is charged, and the bike is back on sale, live on a visitor’s page', async () => {
  const bike = 'Suzuki Gixxer 155 2022';
  const listingId = await api.listing(seller, categoryId, bike, 1950);
  const visitor = await openContext(browser, server.url, PHONE);
  await openLive(visitor.page, `/category/${categoryId}`, false);
  const watched = visitor.page.getByRole('article', { name: bike }).getByTestId('availability');
  await watched.getByText('Available').waitFor();
  await markNoReload(visitor.page);

  const { b, s, bRow, sRow } = await bookAndOpen(bike);
  await watched.getByText('Reserved').waitFor();
  // The buyer pays by card, as the payment page does (the journey above pays on the page).
  const booking = (await api.bookingsOf(buyer)).find((found) => found.bookingId === listingId);
  if (!booking) throw new Error('the booking is not in the buyer’s orders');
  await api.pay(buyer, booking._id);
  await watched.getByText('sold').waitFor();
  await bRow.getByText('PAID', { exact: true }).waitFor();
  await sRow.getByText('Card held', { exact: true }).waitFor();

  await bRow.getByRole('button', { name: 'Call off' }).click();
  const dialog = b.page.getByRole('alertdialog', { name: `Call off the deal for ${bike}?` });
  await dialog.getByText('The card hold is released: nothing is charged.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Papers missing' }).click();
  await bothWidths(b.page, 'deal-call-off-held', false);
  await dialog.getByRole('button', { name: 'Call off' }).click();
  await toastSays(b.page, 'Deal called off');
  await bRow.getByText('Called off by the buyer').waitFor();
  await sRow.getByText('Called off by the buyer').waitFor();
  await sRow.getByText(': Papers missing').waitFor();
  await watched.getByText('Available').waitFor();
  expect(await watched.getByText('Reserved').count()).toBe(0);
  await expectNoReload(visitor.page);
  await expectNoReload(b.page);
  await expectNoReload(s.page);
  for (const context of [visitor, b, s]) await context.context.close();
});
