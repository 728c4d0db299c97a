// Asking before buying (docs/conversations.md): the buyer asks about a bike from its page
// with one tap, the seller sees the question arrive live in their inbox and answers in
// the conversation, and the buyer sees the answer, and then "Seen", without a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { checkedAtBothWidths, openSignedIn, PHONE } from '../support/browser.ts';
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

test('the buyer asks, the seller answers, each sees the other live', async () => {
  const bike = 'Honda CB Hornet 160R 2020';
  const productId = await api.listing(seller, categoryId, bike, 1650);

  const s = await openSignedIn(browser, server.url, seller, PHONE);
  await openLive(s.page, '/dashboard/messages', true);
  await s.page.getByText('No messages yet.').waitFor();
  await markNoReload(s.page);

  const b = await openSignedIn(browser, server.url, buyer, PHONE);
  await openLive(b.page, `/products/${productId}`, true);
  await b.page.getByRole('button', { name: 'Message seller' }).click();
  await b.page.getByRole('button', { name: 'Can I see the papers?' }).waitFor();
  await checkedAtBothWidths(b.page, 'messages-ask');
  await b.page.getByRole('button', { name: 'Is it still available?' }).click();
  await b.page.waitForURL(/\/dashboard\/messages\/[^/]+$/);
  const bThread = b.page.getByRole('list', { name: 'Messages' });
  await bThread.getByText('Is it still available?').waitFor();
  await markNoReload(b.page);

  // The seller's inbox shows the new conversation, unread, without a reload.
  const row = s.page.getByRole('link', { name: `${bike}, with Karim Uddin, 1 unread` });
  await row.waitFor();
  await expect.poll(() => s.page.getByRole('link', { name: 'Messages, 1 unread' }).count()).toBe(1);
  await expectNoReload(s.page);
  await checkedAtBothWidths(s.page, 'messages-inbox');

  await row.click();
  const sThread = s.page.getByRole('list', { name: 'Messages' });
  await sThread.getByText('Is it still available?').waitFor();
  await s.page.getByRole('textbox', { name: 'Message' }).fill('Yes, it is. Come and see it in Mirpur 10 this evening.');
  await s.page.keyboard.press('Enter');
  await sThread.getByText('Yes, it is. Come and see it in Mirpur 10 this evening.').waitFor();

  // The buyer sees the answer live; the seller then sees that it was read.
  await bThread.getByText('Yes, it is. Come and see it in Mirpur 10 this evening.').waitFor();
  await expectNoReload(b.page);
  await sThread.getByText('Seen').waitFor();
  await checkedAtBothWidths(b.page, 'messages-thread', false);
});
