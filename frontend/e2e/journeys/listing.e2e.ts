// A buyer on a phone finds a bike and books it from its own page: a tap on a card opens
// the listing, a swipe moves through its photos, Book Now opens "Your Order". Another
// phone watching the same listing sees it turn Sold Out the moment it is paid for.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { bookInBookingModal, openContext, openSignedIn, PHONE, screenshot } from '../support/browser.ts';
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
  // The demo marketplace: its photos are real files, and its bikes fill "Similar bikes".
  ({ server, browser, api, seller, buyer, categoryId } = await openMarketplace('Commuter', { demo: true }));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

const BIKE = 'Yamaha FZS V3 ABS 2021';
const PHOTOS = [3, 0, 5, 7, 9].map((n) => `/uploads/demo-bike-${String(n)}.svg`);

const STRIP = 'Photos: swipe, or use the arrow keys';

/**
 * Which photo (1 for the first) the strip rests on: waits until its scrolling has stopped
 * (the same position five frames running) on a photo's snap point. Read while a finger is
 * still dragging, or while the browser is still snapping, the counter already says the
 * photo the strip is nearest; the next swipe must start from rest, or it starts short.
 */
async function restingPhoto(page: Page): Promise<number> {
  return page.getByLabel(STRIP).evaluate(
    (strip) =>
      new Promise<number>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const look = () => {
          still = strip.scrollLeft === last ? still + 1 : 0;
          last = strip.scrollLeft;
          const at = strip.scrollLeft / strip.clientWidth;
          if (still >= 5 && Math.abs(at - Math.round(at)) < 0.01) resolve(Math.round(at) + 1);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}

/**
 * A thumb's swipe from right to left across the photos: touch events as a phone's screen
 * sends them, which the browser turns into its own scrolling (and snapping). It starts
 * with the strip at rest and ends once the strip has come to rest again, exactly one
 * photo on.
 */
async function swipeLeft(page: Page): Promise<void> {
  const before = await restingPhoto(page);
  const box = await page.getByLabel(STRIP).boundingBox();
  if (!box) throw new Error('the photo strip is not on the screen');
  const y = Math.round(box.y + box.height / 2);
  const from = box.x + box.width * 0.8;
  const to = box.x + box.width * 0.2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: Math.round(from), y }] });
  for (let step = 1; step <= 10; step++) {
    const x = Math.round(from + ((to - from) * step) / 10);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  expect(await restingPhoto(page)).toBe(before + 1);
}

/** Waits until the gallery's counter says `text` ("2 / 5"). */
async function counterSays(page: Page, text: string): Promise<void> {
  await page.getByTestId('photo-counter').filter({ hasText: text }).waitFor();
}

test('a buyer taps a card, swipes through the photos and books from the listing page; it turns Sold Out when paid for', async () => {
  const listingId = await api.listing(seller, categoryId, BIKE, 245000, {
    productImage: PHOTOS[0],
    productImages: PHOTOS,
    brand: 'Yamaha',
    model: 'FZS V3 ABS',
    engineCc: 149,
    kmDriven: 18500,
    registrationYear: 2021,
    district: 'Dhaka',
    area: 'Dhanmondi 27',
  });

  const { page } = await openSignedIn(browser, server.url, buyer, PHONE);
  await page.goto(`/category/${categoryId}`);
  const card = page.getByRole('article', { name: BIKE });
  // On a phone a whole card, buttons and all, fits on the screen.
  const cardBox = await card.boundingBox();
  expect(cardBox?.height).toBeLessThan(PHONE.height);
  await card.getByRole('link', { name: BIKE }).click();
  await page.waitForURL(`**/products/${listingId}`);
  await page.getByRole('heading', { level: 1, name: BIKE }).waitFor();

  await counterSays(page, '1 / 5');
  await swipeLeft(page);
  await counterSays(page, '2 / 5');
  await swipeLeft(page);
  await counterSays(page, '3 / 5');
  // The swipe ended with the strip at rest on the photo: the picture shows it whole.
  await screenshot(page, 'journey-listing', { fullPage: false });

  // The buyer sees the seller's contact and the bike's details.
  const sellerCard = page.getByRole('region', { name: 'Seller' });
  await sellerCard.locator('a[href^="tel:"]').waitFor();
  await page.getByRole('region', { name: 'Details' }).getByText('18,500 km').waitFor();

  await page.getByRole('button', { name: 'Book Now' }).click();
  await bookInBookingModal(page, BIKE);
  await page.getByText('Reserved for you').waitFor();
  expect(await page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);

  // Someone else is looking at the same bike on their phone, without an account.
  const watcher = await openContext(browser, server.url, PHONE);
  await openLive(watcher.page, `/products/${listingId}`, false);
  await watcher.page.getByRole('button', { name: 'Book Now' }).waitFor();
  await markNoReload(watcher.page);

  const [booking] = await api.bookingsOf(buyer);
  if (!booking) throw new Error('the booking is not in the buyer’s orders');
  await api.pay(buyer, booking._id);

  await watcher.page.getByText('Sold Out').waitFor();
  expect(await watcher.page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
  await expectNoReload(watcher.page);
  await screenshot(watcher.page, 'journey-listing-sold', { fullPage: false });
  // The buyer's own page says their card holds the price until the handover.
  await page.getByRole('link', { name: 'Your card holds the price: see how to meet the seller' }).waitFor();
  await watcher.context.close();
});
