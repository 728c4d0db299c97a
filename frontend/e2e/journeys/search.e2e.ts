// A visitor on a phone finds a bike on the products page (docs/search.md): words, a
// filter kept in the address that the back button takes off again, the next page as
// they scroll; and, with the page open, a new matching bike is offered and a sold one
// flips to Sold Out, without a reload.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { openContext, PHONE, screenshot } from '../support/browser.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyer: Person;
let categoryId: string;
/** The FZs listed before the page opens, by name; the first is sold during the journey. */
const fzIds = new Map<string, string>();
/** More than a page of results (12). */
const FZ_COUNT = 14;

beforeAll(async () => {
  ({ server, browser, api, seller, buyer, categoryId } = await openMarketplace('Sport'));
  for (let i = 1; i <= FZ_COUNT; i += 1) {
    const name = `Yamaha FZ V3 no. ${String(i)}`;
    fzIds.set(name, await api.listing(seller, categoryId, name, 180_000));
  }
  await api.listing(seller, categoryId, 'Yamaha R15 V4', 350_000);
  await api.listing(seller, categoryId, 'Yamaha MT-15', 320_000);
  await api.listing(seller, categoryId, 'Honda CB Hornet 160R', 200_000);
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

/** Opens `path` as a visitor and waits until the page's live socket is open. */
async function openLive(page: Page, path: string): Promise<void> {
  const open = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (ws.url().includes('/api/live')) resolve();
    });
  });
  await page.goto(path);
  await open;
  // Nothing to wait for but the server's side of the upgrade.
  await page.waitForTimeout(300);
}

const found = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

test('a visitor on a phone searches, filters, goes back, scrolls on, and sees new and sold bikes live', async () => {
  const { context, page } = await openContext(browser, server.url, PHONE);
  await openLive(page, '/products');
  await page.getByRole('heading', { name: 'Find the right bike' }).waitFor();
  await found(page, '17 bikes');
  // The first results are on the first screen.
  const first = await page.getByRole('article').first().boundingBox();
  expect(first?.y ?? Infinity).toBeLessThan(PHONE.height);

  // Words: the address follows typing.
  await page.getByRole('searchbox', { name: 'Search bikes' }).fill('yamaha');
  await page.waitForURL((url) => url.search === '?q=yamaha');
  await found(page, '16 bikes');

  // A filter, set in the sheet behind the Filters button.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByLabel('Highest price').fill('250000');
  expect(await sheet.getByLabel('Highest price').inputValue()).toBe('2,50,000');
  await page.waitForURL((url) => url.search === '?q=yamaha&priceMax=250000');
  await sheet.getByRole('button', { name: 'Show 14 bikes' }).click();
  await page.getByRole('button', { name: /Filters\s*1 filter/ }).waitFor();
  await found(page, '14 bikes');
  await screenshot(page, 'search-filtered', { fullPage: false });

  // Back takes the filter off again, and the results with it.
  await page.goBack();
  await page.waitForURL((url) => url.search === '?q=yamaha');
  await found(page, '16 bikes');
  await page.goForward();
  await page.waitForURL((url) => url.search === '?q=yamaha&priceMax=250000');
  await found(page, '14 bikes');

  // Twelve a page: scrolling to the end brings the rest.
  const cards = page.getByRole('article');
  await page.waitForFunction(() => document.querySelectorAll('article').length === 12);
  await page.evaluate(() => {
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForFunction((count) => document.querySelectorAll('article').length === count, FZ_COUNT);
  expect(await cards.count()).toBe(FZ_COUNT);
  expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

  await page.evaluate(() => {
    (window as unknown as { stayedOpen: boolean }).stayedOpen = true;
  });

  // A seller lists a matching bike, and one that does not match (too dear).
  await api.listing(seller, categoryId, 'Yamaha R15 M', 400_000);
  const freshId = await api.listing(seller, categoryId, 'Yamaha FZS Fi V4', 210_000);
  const pill = page.getByRole('button', { name: /1 new bike matches/ });
  await pill.waitFor();
  await screenshot(page, 'search-new-bike', { fullPage: false });
  await pill.click();
  await page.getByRole('article', { name: 'Yamaha FZS Fi V4' }).waitFor();
  await found(page, '15 bikes');
  expect(await pill.count()).toBe(0);
  expect(freshId).toBeTruthy();

  // A bike on the page is sold: its card flips.
  const soldName = 'Yamaha FZ V3 no. 14';
  const soldId = fzIds.get(soldName) ?? '';
  const card = page.getByRole('article', { name: soldName });
  await card.getByRole('button', { name: 'Book Now' }).waitFor();
  await api.pay(buyer, await api.book(buyer, soldId));
  await card.getByText('Sold Out').waitFor();
  expect(await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
  await context.close();
});

test('a buyer narrows by brand, engine size and registration year, each end on its own', async () => {
  await api.listing(seller, categoryId, 'Suzuki Gixxer Zircon', 190_000, {
    brand: 'Suzuki',
    model: 'Gixxer',
    engineCc: 155,
    registrationYear: 2019,
  });
  await api.listing(seller, categoryId, 'Honda Dio Zircon', 120_000, {
    brand: 'Honda',
    model: 'Dio',
    engineCc: 110,
    registrationYear: 2022,
  });
  const { context, page } = await openContext(browser, server.url, PHONE);
  await page.goto('/products?q=zircon');
  await found(page, '2 bikes');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  const only = async (name: string) => {
    await found(page, '1 bike');
    await page.getByRole('article', { name }).waitFor();
  };

  await sheet.getByLabel('Lowest cc').selectOption('150');
  await page.waitForURL((url) => url.searchParams.get('ccMin') === '150' && !url.searchParams.has('ccMax'));
  await only('Suzuki Gixxer Zircon');
  await sheet.getByLabel('Lowest cc').selectOption('');

  await sheet.getByLabel('To year').selectOption('2020');
  await page.waitForURL((url) => url.searchParams.get('yearMax') === '2020' && !url.searchParams.has('ccMin'));
  await only('Suzuki Gixxer Zircon');
  await sheet.getByLabel('To year').selectOption('');
  await sheet.getByLabel('From year').selectOption('2021');
  await page.waitForURL((url) => url.searchParams.get('yearMin') === '2021' && !url.searchParams.has('yearMax'));
  await only('Honda Dio Zircon');
  await sheet.getByLabel('From year').selectOption('');

  await sheet.getByRole('button', { name: 'Suzuki', pressed: false }).click();
  await page.waitForURL((url) => url.searchParams.get('brand') === 'Suzuki');
  await only('Suzuki Gixxer Zircon');
  await sheet.getByRole('button', { name: 'Suzuki', pressed: true }).click();
  await page.waitForURL((url) => !url.searchParams.has('brand'));
  await found(page, '2 bikes');
  await context.close();
});
