// The live journeys: pages open in several browsers at once change in place, without a
// reload, when someone else acts (docs/events.md).
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Api, type Person } from '../support/api.ts';
import {
  confirmInDialog,
  launchBrowser,
  openContext,
  photo,
  PHONE,
  screenshot,
  signInAs,
  toastSays,
} from '../support/browser.ts';
import { expectNoReload, markNoReload, openLive, rowSeenAt, watchForRow } from '../support/live.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let admin: Person;
let seller: Person;
let buyerA: Person;
let buyerB: Person;
let categoryId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = new Api(server.url, server.dataDir);
  admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  seller = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  buyerA = await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'buyer');
  buyerB = await api.signUp('nadia@bikehaat.test', 'Nadia Islam', 'buyer');
  categoryId = await api.category(admin, 'Sport');
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

test('buyer B watches the category page; buyer A pays; B sees Sold Out without a reload', async () => {
  const bike = 'Suzuki Gixxer SF 2021';
  const listingId = await api.listing(seller, categoryId, bike);
  const bookingId = await api.book(buyerA, listingId);

  const { context, page } = await openContext(browser, server.url, PHONE);
  await signInAs(page, buyerB);
  await openLive(page, `/category/${categoryId}`, true);
  const card = page.getByRole('article', { name: bike });
  await card.getByRole('button', { name: 'Book Now' }).waitFor();
  await markNoReload(page);

  await api.pay(buyerA, bookingId);

  await card.getByText('Sold Out').waitFor();
  expect(await card.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
  await expectNoReload(page);
  await context.close();
});

test('a page whose socket drops catches up on what it missed when it comes back, without a reload', async () => {
  const bike = 'Runner Bolt 165R 2021';
  const listingId = await api.listing(seller, categoryId, bike);
  const bookingId = await api.book(buyerA, listingId);

  const { context, page } = await openContext(browser, server.url, PHONE);
  // Every socket of the page goes through here: forwarded while the network is up, cut
  // at once while it is down, as a phone losing its signal would see.
  let down = false;
  let open: WebSocketRoute | undefined;
  const sentByPage: string[] = [];
  let listening: () => void = () => undefined;
  const heard = new Promise<void>((resolve) => {
    listening = resolve;
  });
  await page.routeWebSocket(/\/api\/live/, (socket) => {
    if (down) {
      void socket.close();
      return;
    }
    const upstream = socket.connectToServer();
    socket.onMessage((message) => {
      sentByPage.push(String(message));
      upstream.send(message);
    });
    upstream.onMessage((message) => {
      if (String(message).includes('"type":"auth"')) listening();
      socket.send(message);
    });
    open = socket;
  });
  await signInAs(page, buyerB);
  await page.goto(`/category/${categoryId}`);
  await heard;
  const card = page.getByRole('article', { name: bike });
  await card.getByRole('button', { name: 'Book Now' }).waitFor();
  await markNoReload(page);

  down = true;
  await open?.close();
  const resumesBefore = sentByPage.filter((message) => message.includes('"type":"resume"')).length;
  await api.pay(buyerA, bookingId);
  // The sale happened while the page was away: nothing told it, and past a few seconds
  // the page says it is not updating by itself.
  await page.waitForTimeout(1500);
  expect(await card.getByRole('button', { name: 'Book Now' }).count()).toBe(1);
  const paused = page.getByText('Live updates paused. Reconnecting…');
  await paused.waitFor({ timeout: 15_000 });
  await screenshot(page, 'live-reconnecting', { fullPage: false });

  down = false;
  await card.getByText('Sold Out').waitFor({ timeout: 35_000 });
  await paused.waitFor({ state: 'detached' });
  expect(await card.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
  const resumes = sentByPage.filter((message) => message.includes('"type":"resume"'));
  expect(resumes.length, 'the page came back asking for what it missed').toBeGreaterThan(resumesBefore);
  await expectNoReload(page);
  await context.close();
});

test("a new advert shows on an anonymous home page and in the seller's other open tab, without a reload", async () => {
  const bike = 'Honda CB Hornet 160R';
  const listingId = await api.listing(seller, categoryId, bike);

  const { context, page } = await openContext(browser, server.url);
  await openLive(page, '/', false);
  await page.getByRole('heading', { name: /Hey Bike Lovers/ }).waitFor();
  // No adverts yet: the area is hidden.
  expect(await page.getByRole('heading', { name: 'Advertisement Area' }).count()).toBe(0);
  await markNoReload(page);

  const sellerTab = await openContext(browser, server.url);
  await signInAs(sellerTab.page, seller);
  await openLive(sellerTab.page, '/dashboard/seller-products', true);
  const row = sellerTab.page.getByRole('row').filter({ hasText: bike });
  await row.getByRole('button', { name: 'Advertise' }).waitFor();
  await markNoReload(sellerTab.page);

  await api.advertise(seller, listingId);

  await page.getByRole('region', { name: 'Advertisement Area' }).getByText(bike).waitFor();
  await expectNoReload(page);
  await row.getByText('Advertised', { exact: true }).waitFor();
  expect(await row.getByRole('button', { name: 'Advertise' }).count()).toBe(0);
  await expectNoReload(sellerTab.page);
  await Promise.all([context.close(), sellerTab.context.close()]);
});

test("a booking made in a buyer's browser appears on the seller's open My Buyers page within a second, rings their bell on another page, then shows the buyer's card holding the price", async () => {
  const bike = 'Yamaha FZS V3 2022';
  const listingId = await api.listing(seller, categoryId, bike);

  const { context, page } = await openContext(browser, server.url, PHONE);
  await signInAs(page, seller);
  await openLive(page, '/dashboard/my-buyers', true);
  await page.getByRole('heading', { name: 'My Buyers' }).waitFor();
  expect(await page.getByRole('row').filter({ hasText: bike }).count()).toBe(0);
  await markNoReload(page);
  // The seller's other tab, on another page, with the bell in its top bar.
  const home = await context.newPage();
  await openLive(home, '/', true);
  const bell = home.getByRole('link', { name: /^Notifications/ });
  await bell.waitFor();
  const unreadBefore = unreadIn(await bell.getAttribute('aria-label'));

  // The buyer books through the page's booking form.
  const buyer = await openContext(browser, server.url, PHONE);
  await signInAs(buyer.page, buyerA);
  await buyer.page.goto(`/category/${categoryId}`);
  const card = buyer.page.getByRole('article', { name: bike });
  await card.getByRole('button', { name: 'Book Now' }).click();
  const modal = buyer.page.getByRole('dialog', { name: 'Your Order' });
  await modal.getByLabel('Phone number').fill('+880 1711-000000');
  await modal.getByLabel('Meeting location').fill('Banani 11, Dhaka');
  await modal.getByRole('button', { name: 'Submit' }).click();
  // The second is the server's and the seller's page's: from the booking's answer reaching
  // the buyer to the row drawn on the seller's page, as the page itself clocks it (not how
  // often this test looks, nor how long the booking's own request took on a busy machine).
  await watchForRow(page, bike, 'Reserved · ');
  const booked = buyer.page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
  );
  await confirmInDialog(buyer.page, `Book ${bike}?`, 'Are you sure, You want to Book this product?', 'Yes, book');
  expect((await booked).status()).toBe(201);
  const bookedAt = Date.now();

  const row = page.getByRole('row').filter({ hasText: bike });
  await row.getByText(/^Reserved · \d+ h left$/).waitFor({ timeout: 10_000 });
  expect(await rowSeenAt(page)).toBeLessThan(bookedAt + 1000);
  await row.getByText('Karim Uddin').waitFor();
  expect(await row.getByRole('link', { name: '+880 1711-000000' }).getAttribute('href')).toBe('tel:+8801711000000');
  await home
    .getByRole('link', { name: `Notifications, ${String(unreadBefore + 1)} unread` })
    .waitFor({ timeout: 2000 });
  await home.locator('.Toastify').getByText(`Karim Uddin booked your ${bike}.`, { exact: false }).waitFor();

  const bookingId = (await api.bookingsOf(buyerA)).find((booking) => booking.bookingId === listingId)?._id ?? '';
  await api.pay(buyerA, bookingId);

  await row.getByText('Card held', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Enter handover code' }).waitFor();
  await expectNoReload(page);
  await Promise.all([context.close(), buyer.context.close()]);
});

test("a seller lowers a bike's price: an open category page shows it, and the buyer who saved it is told", async () => {
  const bike = 'Hero Xtreme 160R 2023';
  const listingId = await api.listing(seller, categoryId, bike, 2000);
  await api.saveToWishlist(buyerB, listingId);

  const watcher = await openContext(browser, server.url, PHONE);
  await signInAs(watcher.page, buyerB);
  await openLive(watcher.page, `/category/${categoryId}`, true);
  const card = watcher.page.getByRole('article', { name: bike });
  await card.getByText('৳2,000').first().waitFor();
  await markNoReload(watcher.page);
  const bell = watcher.page.getByRole('link', { name: /^Notifications/ });
  const unreadBefore = unreadIn(await bell.getAttribute('aria-label'));

  const { context, page } = await openContext(browser, server.url, PHONE);
  await signInAs(page, seller);
  await page.goto('/dashboard/seller-products');
  await page.getByRole('link', { name: `Edit ${bike}` }).click();
  await page.getByRole('heading', { name: `Edit ${bike}` }).waitFor();
  const price = page.getByLabel('Resale Price (৳)');
  await price.fill('1750');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toastSays(page, 'Product Updated Successfully');

  await card.getByText('৳1,750').first().waitFor();
  await watcher.page
    .getByRole('link', { name: `Notifications, ${String(unreadBefore + 1)} unread` })
    .waitFor();
  await watcher.page.locator('.Toastify').getByText(`${bike} on your wishlist is now ৳1,750`, { exact: false }).waitFor();
  await expectNoReload(watcher.page);
  await Promise.all([context.close(), watcher.context.close()]);
});

/** The unread count a bell's accessible name says ("Notifications, 3 unread"). */
function unreadIn(label: string | null): number {
  return Number(/(\d+) unread/.exec(label ?? '')?.[1] ?? 0);
}

test("a buyer's report, with why, joins the admin's open reported-products queue", async () => {
  const bike = 'TVS Apache RTR 4V';
  await api.listing(seller, categoryId, bike);

  const moderator = await openContext(browser, server.url);
  await signInAs(moderator.page, admin);
  await openLive(moderator.page, '/dashboard/reported-products', true);
  await moderator.page.getByText('There is no Reported Product.').waitFor();
  await markNoReload(moderator.page);

  const reporter = await openContext(browser, server.url, PHONE);
  await signInAs(reporter.page, buyerA);
  await reporter.page.goto(`/category/${categoryId}`);
  await reporter.page.getByRole('article', { name: bike }).getByRole('button', { name: 'Report to Admin' }).click();
  const asked = reporter.page.getByRole('alertdialog', { name: `Report ${bike} to the admin?`, exact: true });
  await asked.getByText('Are you sure, You want to report to admin?', { exact: true }).waitFor();
  await asked.getByRole('button', { name: 'Already sold', exact: true }).click();
  await asked.getByRole('button', { name: 'Report', exact: true }).click();
  await toastSays(reporter.page, 'Successfully Reported to Admin');

  const reported = moderator.page.getByRole('article', { name: new RegExp(`^${bike}, listed by`) });
  await reported.getByText('Already sold · 1').waitFor();
  expect(await moderator.page.getByText('There is no Reported Product.').count()).toBe(0);
  await expectNoReload(moderator.page);
  await reporter.context.close();
  await moderator.context.close();
});

test('the verified badge appears on open category pages when the admin verifies the seller from their ID', async () => {
  const bike = 'Bajaj Pulsar N160';
  await api.listing(seller, categoryId, bike);

  const watchers = await Promise.all(
    [buyerA, buyerB].map(async (buyer) => {
      const opened = await openContext(browser, server.url, PHONE);
      await signInAs(opened.page, buyer);
      await openLive(opened.page, `/category/${categoryId}`, true);
      await opened.page.getByRole('article', { name: bike }).waitFor();
      expect(await opened.page.getByRole('article', { name: bike }).getByText('Verified').count()).toBe(0);
      await markNoReload(opened.page);
      return opened;
    }),
  );

  // The admin's queue is open when the seller sends photos of their ID: it arrives live.
  const moderator = await openContext(browser, server.url);
  await signInAs(moderator.page, admin);
  await openLive(moderator.page, '/dashboard/verification-requests', true);
  await moderator.page.getByText('No requests waiting').waitFor();
  await api.askToBeVerified(seller, (await photo(moderator.page)).buffer);
  const request = moderator.page.getByRole('article', { name: 'Request from Rahim Motors' });
  await request.waitFor();
  await request.getByRole('img', { name: 'ID card front' }).waitFor();
  await request.getByRole('img', { name: 'Seller holding the ID card' }).waitFor();
  await screenshot(moderator.page, 'live-verification-request');

  // All Sellers says so, and its Verify opens that request.
  await moderator.page.goto('/dashboard/all-seller');
  const row = moderator.page.getByRole('row').filter({ hasText: seller.email });
  await row.getByText('Not verified').waitFor();
  await row.getByRole('link', { name: 'Verify' }).click();
  await request.getByRole('button', { name: 'Approve' }).click();
  await confirmInDialog(moderator.page, 'Verify Rahim Motors?', 'Are you sure, You want to Verify?', 'Verify');
  await toastSays(moderator.page, 'Seller Verification Successful');
  await request.waitFor({ state: 'detached' });

  for (const { page, context } of watchers) {
    await page.getByRole('article', { name: bike }).getByText('Verified').waitFor();
    await expectNoReload(page);
    await context.close();
  }
  await moderator.context.close();
});

/**
 * Holds back `page`'s live socket until the returned release is called: the page
 * reads its data first, and its socket subscribes only later.
 */
async function holdLiveSocket(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.routeWebSocket(/\/api\/live/, async (ws) => {
    await held;
    ws.connectToServer();
  });
  return release;
}

test('a change made after a page read its data but before its socket listened still shows, without a reload', async () => {
  const bike = 'Yamaha MT-15 V2';
  const listingId = await api.listing(seller, categoryId, bike);

  // A visitor's home page: the adverts are read, then a seller advertises, then the
  // page's socket subscribes.
  const visitor = await openContext(browser, server.url);
  const releaseVisitor = await holdLiveSocket(visitor.page);
  const adverts = visitor.page.waitForResponse((response) => response.url().endsWith('/api/advertise'));
  await visitor.page.goto('/');
  await adverts;
  await visitor.page.getByRole('heading', { name: /Hey Bike Lovers/ }).waitFor();
  await markNoReload(visitor.page);
  await api.advertise(seller, listingId);
  releaseVisitor();
  await visitor.page.getByRole('region', { name: 'Advertisement Area' }).getByText(bike).waitFor();
  await expectNoReload(visitor.page);

  // An admin's moderation queue: read, then a buyer reports, then the socket signs in.
  const moderator = await openContext(browser, server.url);
  await signInAs(moderator.page, admin);
  const releaseModerator = await holdLiveSocket(moderator.page);
  const queue = moderator.page.waitForResponse((response) => response.url().endsWith('/api/reports'));
  await moderator.page.goto('/dashboard/reported-products');
  await queue;
  await moderator.page.getByRole('heading', { name: 'Reported Products' }).first().waitFor();
  await markNoReload(moderator.page);
  await api.report(buyerB, listingId);
  releaseModerator();
  await moderator.page.getByRole('article', { name: new RegExp(`^${bike}, listed by`) }).waitFor();
  await expectNoReload(moderator.page);
  await Promise.all([visitor.context.close(), moderator.context.close()]);
});

test("a bike saved to a buyer's wishlist turns Sold Out on their open wishlist when another buyer pays, and they are told, without a reload", async () => {
  const bike = 'KTM Duke 200';
  const listingId = await api.listing(seller, categoryId, bike);

  const { context, page } = await openContext(browser, server.url, PHONE);
  await signInAs(page, buyerB);
  await page.goto(`/category/${categoryId}`);
  const card = page.getByRole('article', { name: bike });
  await card.getByRole('button', { name: 'Add to Wishlist', pressed: false }).click();
  await card.getByRole('button', { name: 'Saved', pressed: true }).waitFor();
  await toastSays(page, 'Saved to your wishlist');

  await openLive(page, '/dashboard/wishlist', true);
  await page.getByRole('heading', { name: 'My Wishlist' }).waitFor();
  const saved = page.getByRole('article', { name: bike });
  await saved.getByRole('button', { name: 'Book Now' }).waitFor();
  await markNoReload(page);

  await api.pay(buyerA, await api.book(buyerA, listingId));

  await saved.getByText('Sold Out').waitFor();
  expect(await saved.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
  expect(await saved.getByRole('button', { name: 'Saved', pressed: true }).count()).toBe(1);
  const told = page.locator('.Toastify').getByRole('link', { name: `${bike} on your wishlist was sold.` });
  await told.waitFor();
  expect(await told.getAttribute('href')).toBe('/dashboard/wishlist');
  await expectNoReload(page);
  await context.close();
});
