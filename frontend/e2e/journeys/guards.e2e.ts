// Every route guard of docs/product.md ('Screens and routes') in a real browser: signed out,
// or signed in with another role, means /login; the right role stays. The navigation shows
// each role its own links.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Api, type Person } from '../support/api.ts';
import { launchBrowser, openContext, signInAs } from '../support/browser.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';

type Who = 'visitor' | 'buyer' | 'seller' | 'admin';

let server: RunningServer;
let browser: Browser;
let people: Record<Exclude<Who, 'visitor'>, Person>;
let categoryId: string;
let bookingId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  const seller = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  const buyer = await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'buyer');
  people = { admin, seller, buyer };
  categoryId = await api.category(admin, 'Commuter');
  const listingId = await api.listing(seller, categoryId, 'Bajaj Discover 125');
  bookingId = await api.book(buyer, listingId);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

/** Who may open each guarded page (docs/product.md, 'Screens and routes'). */
const guarded = (): [path: string, allowed: Who[]][] => [
  ['/dashboard/add-category', ['admin']],
  ['/dashboard/all-seller', ['admin']],
  ['/dashboard/listing-reviews', ['admin']],
  ['/dashboard/all-buyer', ['admin']],
  ['/dashboard/reported-products', ['admin']],
  ['/dashboard/audit', ['admin']],
  ['/dashboard/deals', ['admin']],
  [`/dashboard/deals/${bookingId}`, ['admin']],
  // A buyer finds "Sell your bike" here; a seller the listing form.
  ['/dashboard/add-product', ['buyer', 'seller']],
  ['/dashboard/seller-products', ['seller']],
  ['/dashboard/my-buyers', ['seller']],
  // Sellers buy too.
  ['/dashboard/my-orders', ['buyer', 'seller']],
  [`/dashboard/stripe-payment/${bookingId}`, ['buyer', 'seller']],
  [`/category/${categoryId}`, ['visitor', 'buyer', 'seller', 'admin']],
  ['/dashboard/wishlist', ['buyer', 'seller']],
  ['/dashboard', ['buyer', 'seller', 'admin']],
];

describe.each<Who>(['visitor', 'buyer', 'seller', 'admin'])('as a %s', (who) => {
  test('each guarded page opens only for its role; anyone else lands on the login page', async () => {
    const { context, page } = await openContext(browser, server.url);
    if (who !== 'visitor') await signInAs(page, people[who]);
    for (const [path, allowed] of guarded()) {
      await page.goto(path);
      if (allowed.includes(who)) {
        await page.getByRole('heading', { name: /Dashboard$|Choose Your Dream Bike/ }).first().waitFor();
        expect(new URL(page.url()).pathname, `${who} at ${path}`).toBe(path);
      } else {
        await page.waitForURL('**/login');
        await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      }
    }
    await context.close();
  });
});

test('the navigation shows each role only its own links', async () => {
  const sideLinks: Record<Exclude<Who, 'visitor'>, string[]> = {
    admin: ['Add Category', 'All Sellers', 'Listing review', 'All Buyers', 'Reported Products', 'Deals'],
    seller: ['Add Product', 'My Products', 'My Buyers', 'My Orders', 'Wishlist'],
    buyer: ['My Orders', 'Wishlist', 'Sell your bike'],
  };
  const everyone = Object.values(sideLinks).flat();

  const { context, page } = await openContext(browser, server.url);
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: 'Login' }).waitFor();
  expect(await main.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  await context.close();

  for (const who of ['admin', 'seller', 'buyer'] as const) {
    const { context: mine, page: theirs } = await openContext(browser, server.url);
    await signInAs(theirs, people[who]);
    await theirs.goto('/dashboard');
    const nav = theirs.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await nav.getByRole('button', { name: 'Sign Out' }).waitFor();
    const side = theirs.getByRole('navigation', { name: 'Dashboard' });
    await side.waitFor();
    for (const label of everyone) {
      const shown = (await side.getByText(label, { exact: true }).count()) > 0;
      expect(shown, `${who} sees "${label}"`).toBe(sideLinks[who].includes(label));
    }
    await mine.close();
  }
});

test('an unknown address shows the not-found page with a way home', async () => {
  const { context, page } = await openContext(browser, server.url);
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: "Sorry, we couldn't find this page" }).waitFor();
  await page.getByRole('link', { name: 'Back to the homepage' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: /Hey Bike Lovers/ }).waitFor();
  await context.close();
});
