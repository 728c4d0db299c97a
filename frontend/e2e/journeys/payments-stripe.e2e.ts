// Paying through Stripe Elements on a phone, against tools/fake-stripe: the page loads
// (the stand-in of) Stripe.js, a declined card shows Stripe's message beneath the field,
// a good card is authorised, and the server captures it once the sale is recorded.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Api } from '../support/api.ts';
import { launchBrowser, openContext, PHONE, screenshot, signInAs, toastSays } from '../support/browser.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';
import { startFakeStripe, type FakeStripe } from '../support/stripe.ts';

let stripe: FakeStripe;
let server: RunningServer;
let browser: Browser;

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

test('a buyer pays through Stripe Elements: declined first, then authorised and captured', async () => {
  const api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Admin');
  const seller = await api.signUp('rafiq@bikehaat.test', 'Rafiq Motors', 'seller');
  const buyer = await api.signUp('sumi@bikehaat.test', 'Sumi Akter', 'buyer');
  const category = await api.category(admin, 'Commuter');
  const bike = await api.product(seller, category, 'Honda Livo 110', 1650);
  const order = await api.book(buyer, bike);

  const { context, page } = await openContext(browser, server.url, PHONE);
  await stripe.standInFor(context);
  await signInAs(page, buyer);
  await page.goto(`/dashboard/stripe-payment/${order}`);
  await page.getByText('Honda Livo 110').first().waitFor();
  const card = page.getByLabel('Card number', { exact: true });
  await card.waitFor();
  expect(await page.getByText(/Test mode/).count()).toBe(0);

  await card.fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay ৳1,650' }).click();
  await page.getByText('Your card was declined.').waitFor();
  await screenshot(page, 'stripe-payment-declined');

  await card.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay ৳1,650' }).click();
  await toastSays(page, 'Congrats!!! Your payment successful');
  const transaction = (await page.locator('code').first().textContent()) ?? '';
  expect(transaction).toMatch(/^pi_/);
  expect((await stripe.intent(transaction)).status).toBe('succeeded');
  await screenshot(page, 'stripe-payment-done');
  await context.close();
});
