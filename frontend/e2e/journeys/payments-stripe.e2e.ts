// Paying through Stripe Elements on a phone, against tools/fake-stripe: Stripe.js (its
// stand-in here) and the Elements chunk load on the payment route and on no other, a
// declined card shows Stripe's message beneath the field, and a good card is authorised:
// the card holds the price, and nothing is captured until the handover.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Api } from '../support/api.ts';
import { launchBrowser, openContext, PHONE, screenshot, signInAs, toastSays } from '../support/browser.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';
import { startFakeStripe, type FakeStripe } from '../support/stripe.ts';

let stripe: FakeStripe;
let server: RunningServer;
let browser: Browser;

const assets = resolve(import.meta.dirname, '../../dist/assets');
/** Words of @stripe/react-stripe-js's own that minifying keeps: they mark its chunk. */
const ELEMENTS_MARKER = 'Could not find Elements context';

/** The built chunks that hold Stripe Elements (@stripe/react-stripe-js). */
async function elementsChunks(): Promise<string[]> {
  const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  const bodies = await Promise.all(scripts.map((file) => readFile(join(assets, file), 'utf8')));
  return scripts.filter((_, index) => bodies[index]?.includes(ELEMENTS_MARKER));
}

/** Whether `url` is one of the built `chunks`. */
function isChunk(url: string, chunks: string[]): boolean {
  const { pathname } = new URL(url);
  return chunks.some((chunk) => pathname === `/assets/${chunk}`);
}

/** Of `urls`, those of Stripe's code: Stripe.js (or the fake that stands in for it) or an Elements chunk. */
function stripeCode(urls: string[], chunks: string[]): string[] {
  return urls.filter(
    (url) => url.startsWith('https://js.stripe.com/') || url.startsWith(stripe.base) || isChunk(url, chunks),
  );
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startServer({ stripe, demo: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  await server.stop();
  await stripe.stop();
});

test('a buyer pays through Stripe Elements: declined first, then authorised and held until the handover', async () => {
  const api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Admin');
  const seller = await api.signUp('rafiq@bikehaat.test', 'Rafiq Motors', 'seller');
  const buyer = await api.signUp('sumi@bikehaat.test', 'Sumi Akter', 'buyer');
  const category = await api.category(admin, 'Commuter');
  const bike = await api.listing(seller, category, 'Honda Livo 110', 1650);
  const booking = await api.book(buyer, bike);

  const chunks = await elementsChunks();
  // Proves the marker still finds react-stripe-js, or the checks below would pass on nothing.
  expect(chunks).not.toEqual([]);

  const { context, page } = await openContext(browser, server.url, PHONE);
  await stripe.standInFor(context);
  const requested: string[] = [];
  context.on('request', (request) => {
    requested.push(request.url());
  });
  await signInAs(page, buyer);

  // Elsewhere on the site, signed in as a buyer: neither Stripe.js nor Elements loads.
  await page.goto('/');
  await page.locator('#hero-heading').waitFor();
  await page.waitForLoadState('networkidle');
  await page.goto(`/category/${category}`);
  await page.getByRole('heading', { name: 'Choose Your Dream Bike' }).waitFor();
  await page.waitForLoadState('networkidle');
  // The recorder was listening: it saw the category page's own chunk.
  expect(requested.some((url) => /\/assets\/category-[\w-]{8}\.js$/.test(url))).toBe(true);
  expect(stripeCode(requested, chunks)).toEqual([]);

  // The payment route loads both.
  await page.goto(`/dashboard/stripe-payment/${booking}`);
  await page.getByText('Honda Livo 110').first().waitFor();
  const card = page.getByLabel('Card number', { exact: true });
  await card.waitFor();
  expect(await page.getByText(/Test mode/).count()).toBe(0);
  expect(requested.some((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
  expect(requested.some((url) => isChunk(url, chunks))).toBe(true);

  await card.fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay ৳1,650' }).click();
  // Stripe's message, in red beneath the card field rather than beneath Pay.
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await declined.waitFor();
  const field = page.getByRole('group', { name: 'Card number, expiry and CVC' });
  expect(await field.getAttribute('aria-describedby')).toBe(await declined.getAttribute('id'));
  expect(await declined.getAttribute('class')).toContain('text-red-600');
  const [fieldBox, messageBox, payBox] = await Promise.all(
    [field, declined, page.getByRole('button', { name: 'Pay ৳1,650' })].map((located) => located.boundingBox()),
  );
  expect(fieldBox && messageBox && payBox).toBeTruthy();
  if (fieldBox && messageBox && payBox) {
    expect(messageBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
    expect(messageBox.y + messageBox.height).toBeLessThanOrEqual(payBox.y);
  }
  await screenshot(page, 'stripe-payment-declined');

  await card.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay ৳1,650' }).click();
  await toastSays(page, 'Done: your card holds the price until the handover');
  await page.getByText(/^Your card holds ৳1,650\. Nothing is taken until/).waitFor();
  const transaction = (await page.locator('code').first().textContent()) ?? '';
  expect(transaction).toMatch(/^pi_/);
  // Held, not taken: the money is captured only when the seller enters the buyer's code.
  expect((await stripe.intent(transaction)).status).toBe('requires_capture');
  await screenshot(page, 'stripe-payment-done');
  await context.close();
});
