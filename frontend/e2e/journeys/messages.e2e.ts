// Asking before buying (docs/conversations.md): the buyer asks about a bike from its page
// with one tap, the seller sees the question arrive live in their inbox and answers in
// the conversation, and the buyer sees the answer, and then "Seen", without a reload.
// A message written offline arrives once the connection is back, and once only; a photo
// and a caution under a message asking for money show; a blocked buyer cannot reply.
// The buyer reports the conversation: it reaches the admin's queue live and the admin
// reads it; the seller finds the buyer among the people they blocked and unblocks them.
// A seller reads one bike's conversations from My Products, each row saying where its
// offer stands; a visitor's one-tap question goes once they have logged in. Message
// seller on a bike's card in a category opens its page ready to ask.
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PASSWORD, type Api, type Person } from '../support/api.ts';
import {
  checkedAtBothWidths,
  confirmInDialog,
  DESKTOP,
  expectNothingSideways,
  openContext,
  openSignedIn,
  photo,
  PHONE,
} from '../support/browser.ts';
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
  ({ server, browser, api, admin, seller, buyer, categoryId } = await openMarketplace('Commuter'));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

/**
 * A conversation as it is on screen on a phone (where the page keeps the newest message
 * in view) and on a desktop; nothing scrolls sideways at either width.
 */
async function threadAtBothWidths(page: Page, name: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // On a desktop the messages scroll inside their card, which the wider page has just laid out.
    if (viewport === DESKTOP) {
      await page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last().scrollIntoViewIfNeeded();
    }
    await page.screenshot({ path: resolve(import.meta.dirname, `../../screenshots/${name}-${String(viewport.width)}.png`) });
    await expectNothingSideways(page, name);
  }
  await page.setViewportSize(PHONE);
}

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

test('a message written offline arrives once, and a blocked buyer cannot reply', async () => {
  const bike = 'Bajaj Pulsar N160 2023';
  const productId = await api.listing(seller, categoryId, bike, 1900);
  const opened = await api.call<{ conversation: { _id: string } }>('POST', '/conversations', buyer.token, {
    productId,
    text: 'Is it still available?',
    clientId: 'journey-first',
  });
  const thread = `/dashboard/messages/${opened.conversation._id}`;
  const s = await openSignedIn(browser, server.url, seller, PHONE);
  await openLive(s.page, thread, true);
  const sThread = s.page.getByRole('list', { name: 'Messages' });
  const b = await openSignedIn(browser, server.url, buyer, PHONE);
  await openLive(b.page, thread, true);
  const bThread = b.page.getByRole('list', { name: 'Messages' });
  await bThread.getByText('Is it still available?').waitFor();

  // Written on a bus with no signal: it waits, then goes once the phone is back online.
  const offline = 'Can I see it tomorrow at 5 pm?';
  await b.context.setOffline(true);
  await b.page.getByRole('textbox', { name: 'Message' }).fill(offline);
  await b.page.keyboard.press('Enter');
  await bThread.getByText('Waiting for connection').waitFor();
  await b.context.setOffline(false);
  await bThread.getByText('Waiting for connection').waitFor({ state: 'detached' });
  await sThread.getByText(offline).waitFor();
  await s.page.waitForTimeout(500);
  expect(await sThread.getByText(offline).count()).toBe(1);
  expect(await bThread.getByText(offline).count()).toBe(1);

  // The seller sends a photo, then asks for money first: the buyer is cautioned.
  await s.page.getByLabel('Attach a photo').setInputFiles(await photo(s.page));
  await s.page.getByText('Ready to send').waitFor();
  await s.page.getByRole('button', { name: 'Send', exact: true }).click();
  await s.page.getByRole('textbox', { name: 'Message' }).fill('Send 2000 taka advance to my bKash first, then come.');
  await s.page.keyboard.press('Enter');
  await bThread.getByRole('img', { name: 'Photo sent in the conversation' }).waitFor();
  await bThread.getByText('Careful: never send money before you have seen the bike and its papers.').waitFor();
  await threadAtBothWidths(b.page, 'messages-warning');

  // The seller blocks the buyer; the buyer's box says they cannot reply, live.
  await s.page.getByRole('button', { name: 'Conversation options' }).click();
  await s.page.getByRole('menuitem', { name: 'Block Karim Uddin' }).click();
  await confirmInDialog(
    s.page,
    'Block Karim Uddin?',
    'You and Karim Uddin will not be able to write to each other until you unblock them.',
    'Block',
  );
  await s.page.getByText('You blocked Karim Uddin. Unblock to write again.').waitFor();
  await b.page.getByText("You can't reply to this conversation.").waitFor();
  expect(await b.page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  await threadAtBothWidths(b.page, 'messages-blocked');
  await threadAtBothWidths(s.page, 'messages-blocker');

  // The buyer reports it; the admin's queue shows the report live, and the admin reads it.
  const a = await openSignedIn(browser, server.url, admin, PHONE);
  await openLive(a.page, '/dashboard/reported-conversations', true);
  await a.page.getByText('No reported conversations').waitFor();
  await markNoReload(a.page);
  await b.page.getByRole('button', { name: 'Conversation options' }).click();
  await b.page.getByRole('menuitem', { name: 'Report conversation' }).click();
  await b.page.getByRole('button', { name: 'Asks for money before meeting' }).click();
  await b.page.getByLabel('Anything to add (optional)').fill('Wants a bKash advance before I have seen the bike.');
  await b.page.getByRole('button', { name: 'Report', exact: true }).click();
  const report = a.page.getByRole('article', { name: `Report about ${bike}` });
  await report.getByText('Asks for money before meeting').waitFor();
  await expectNoReload(a.page);
  await report.getByRole('button', { name: 'Read conversation' }).click();
  await report.getByText('Send 2000 taka advance to my bKash first, then come.').waitFor();
  await report.getByRole('img', { name: 'Photo sent in the conversation' }).waitFor();
  await checkedAtBothWidths(a.page, 'reported-conversations');

  // The seller finds the buyer among the people they blocked, and unblocks them.
  await s.page.goto('/dashboard/messages');
  await s.page.getByRole('link', { name: 'Blocked people' }).click();
  const blockedRow = s.page.getByRole('listitem', { name: 'Karim Uddin' });
  await blockedRow.waitFor();
  await checkedAtBothWidths(s.page, 'blocked-people');
  await blockedRow.getByRole('button', { name: 'Unblock' }).click();
  await s.page.getByText('You have not blocked anyone.').waitFor();
});

test("a seller reads one bike's conversations from My Products, each saying where its offer stands", async () => {
  const asked = 'Yamaha FZS V3 2021';
  const other = 'TVS Apache RTR 160 2019';
  const askedId = await api.listing(seller, categoryId, asked, 1800);
  const otherId = await api.listing(seller, categoryId, other, 1500);
  const open = (productId: string, clientId: string) =>
    api.call<{ conversation: { _id: string } }>('POST', '/conversations', buyer.token, {
      productId,
      text: 'Is it still available?',
      clientId,
    });
  const { conversation } = await open(askedId, 'bike-filter-1');
  await open(otherId, 'bike-filter-2');
  await api.call('POST', `/conversations/${conversation._id}/offers`, buyer.token, { amount: 1450, clientId: 'bike-filter-3' });

  const s = await openSignedIn(browser, server.url, seller, PHONE);
  await s.page.goto('/dashboard/seller-products');
  const messages = s.page.getByRole('link', { name: `Messages about ${asked}, 2 unread` });
  await messages.waitFor();
  await checkedAtBothWidths(s.page, 'my-products-messages');
  await messages.click();
  await s.page.waitForURL(/\/dashboard\/messages\?bike=/);
  await s.page.getByRole('heading', { name: `About ${asked}` }).waitFor();
  const rows = s.page.getByRole('list', { name: 'Conversations' }).getByRole('link');
  await rows.first().getByText(/^Offer ৳1,450 · waiting for you · lapses in 4\dh$/).waitFor();
  expect(await rows.count()).toBe(1);
  expect(await s.page.getByRole('link', { name: new RegExp(`^${other}`) }).count()).toBe(0);
  await checkedAtBothWidths(s.page, 'inbox-one-bike');

  // Back to every conversation: the other bike's is there too.
  await s.page.getByRole('link', { name: 'Show all conversations' }).click();
  await s.page.getByRole('link', { name: new RegExp(`^${other}, with Karim Uddin`) }).waitFor();

  // The buyer's inbox says the offer waits on the seller.
  const b = await openSignedIn(browser, server.url, buyer, PHONE);
  await b.page.goto('/dashboard/messages');
  await b.page.getByText(/^Your offer ৳1,450 · waiting for an answer · lapses in 4\dh$/).waitFor();
  await checkedAtBothWidths(b.page, 'inbox-offers');
});

test('a visitor picks a question, logs in, and lands in the conversation with it sent once', async () => {
  const bike = 'Suzuki Gixxer 155 2022';
  const productId = await api.listing(seller, categoryId, bike, 1700);
  const v = await openContext(browser, server.url, PHONE);
  await v.page.goto(`/products/${productId}`);
  await v.page.getByRole('button', { name: 'Message seller' }).click();
  await v.page.getByRole('button', { name: 'Can I see the papers?' }).click();
  await v.page.waitForURL(/\/login$/);
  await v.page.getByLabel('Email').fill(buyer.email);
  await v.page.getByLabel('Password').fill(PASSWORD);
  await v.page.getByRole('button', { name: 'Login' }).click();
  await v.page.waitForURL(/\/dashboard\/messages\/[^/?]+$/);
  const thread = v.page.getByRole('list', { name: 'Messages' });
  await thread.getByText('Can I see the papers?').waitFor();
  // A reload of the bike's page sends nothing more.
  await v.page.goto(`/products/${productId}`);
  await v.page.getByRole('button', { name: 'Message seller' }).waitFor();
  const inbox = await api.call<{ _id: string; productId: string }[]>('GET', '/conversations', buyer.token);
  const about = inbox.find((c) => c.productId === productId);
  if (!about) throw new Error('no conversation about the bike');
  const messages = await api.call<{ text: string | null }[]>('GET', `/conversations/${about._id}/messages`, buyer.token);
  expect(messages.map((m) => m.text)).toEqual(['Can I see the papers?']);
});

test("Message seller on a category's card opens the bike's page ready to ask", async () => {
  const bike = 'Hero Xtreme 160R 2022';
  const productId = await api.listing(seller, categoryId, bike, 1400);
  const b = await openSignedIn(browser, server.url, buyer, PHONE);
  await b.page.goto(`/category/${categoryId}`);
  const card = b.page.getByRole('article', { name: bike });
  const message = card.getByRole('link', { name: 'Message seller' });
  await message.waitFor();
  // The card keeps one tidy row: Book Now and Message seller side by side, as tall, inside the card.
  for (const viewport of [PHONE, DESKTOP]) {
    await b.page.setViewportSize(viewport);
    await card.scrollIntoViewIfNeeded();
    const book = await card.getByRole('button', { name: 'Book Now' }).boundingBox();
    const ask = await message.boundingBox();
    const box = await card.boundingBox();
    if (!book || !ask || !box) throw new Error('the card or its actions are not laid out');
    expect(Math.abs(book.y - ask.y)).toBeLessThan(1);
    expect(Math.abs(book.height - ask.height)).toBeLessThan(1);
    expect(ask.x).toBeGreaterThan(book.x + book.width);
    expect(ask.x + ask.width).toBeLessThanOrEqual(box.x + box.width);
    await b.page.screenshot({ path: `/tmp/card-message-seller-${String(viewport.width)}.png` });
    // The page itself does not scroll sideways (a card's details are clipped on purpose).
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }
  await b.page.setViewportSize(PHONE);
  await message.click();
  await b.page.waitForURL(new RegExp(`/products/${productId}$`));
  const panel = b.page.getByRole('region', { name: 'Message the seller' });
  await panel.waitFor();
  await expect.poll(() => panel.getByRole('button', { name: 'Is it still available?' }).evaluate((el) => el === document.activeElement)).toBe(true);
  // The panel comes into view with a smooth scroll, all of it on a phone's screen.
  await expect
    .poll(() =>
      panel.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    )
    .toBe(true);
  await b.page.screenshot({ path: '/tmp/card-message-seller-ask-390.png' });
  // Back on the category and forward again: the address no longer opens the questions.
  await b.page.goBack();
  await b.page.waitForURL(/\/category\//);
  await b.page.goForward();
  await b.page.getByRole('button', { name: 'Message seller' }).waitFor();
  expect(await panel.count()).toBe(0);
});

