// A seller on their phone lists a bike that takes card and bKash only, with a fixed
// deposit to reserve it. The listing's page shows those ways to pay and the deposit. Later
// the seller takes cash again, and the page says so; the deposit stays as it was.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { DESKTOP, openSignedIn, PHONE, photo, screenshot, toastSays } from '../support/browser.ts';
import { fillBikeDetails, startListing } from '../support/listing-form.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let categoryId: string;

beforeAll(async () => {
  ({ server, browser, api, seller, categoryId } = await openMarketplace('Sports Bikes'));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

/** What the form names the bike: its brand and model. */
const NAME = 'Yamaha FZS V3';

interface Listed {
  _id: string;
  paymentMethods: string[];
  deposit: { amount: number } | { percent: number } | null;
}

async function listed(): Promise<Listed | undefined> {
  const found = await api.call<{ listings: Listed[] }>('GET', `/listings?q=${encodeURIComponent('FZS')}`, null);
  return found.listings[0];
}

/** The ways to pay the listing's page shows, in order. */
async function waysShown(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Ways to pay' }).getByRole('listitem').allTextContents();
}

test('a seller takes card and bKash only with a fixed deposit, then takes cash again', async () => {
  const { context, page } = await openSignedIn(browser, server.url, seller, PHONE);
  await startListing(page, categoryId);
  await page.getByLabel('Product image').setInputFiles(await photo(page));
  await page.getByText('Uploading…').first().waitFor({ state: 'detached' });
  await fillBikeDetails(page, {
    brand: 'Yamaha',
    model: 'FZS V3',
    engineCc: '149',
    registrationYear: '2022',
    kmDriven: '9,800',
    condition: 'Excellent',
    resalePrice: '185000',
    originalPrice: '235000',
  });

  // Every way starts ticked and no deposit is asked; the seller would rather not handle cash.
  const pay = page.getByRole('group', { name: 'How buyers can pay' });
  for (const way of ['Cash at the meet-up', 'Card (held until the handover)', 'bKash (held until the handover)']) {
    expect(await pay.getByRole('checkbox', { name: way }).isChecked()).toBe(true);
  }
  expect(await pay.getByRole('radio', { name: 'No deposit' }).isChecked()).toBe(true);
  await pay.getByRole('checkbox', { name: 'Cash at the meet-up' }).uncheck();
  await pay.getByRole('radio', { name: 'A fixed amount' }).check();
  await pay.getByLabel('Deposit amount (৳)').fill('20,000');

  await page.getByLabel('District').selectOption('Dhaka');
  await page.getByLabel('Area').fill('Dhanmondi');
  await page.getByLabel('Color').fill('Matte Blue');
  await page.getByLabel('Seller contact number').fill('01711-234567');
  await page.getByLabel('Description').fill('Single owner, papers up to date.');
  await screenshot(page, 'pay-ways-add');
  await page.getByRole('button', { name: 'Add product' }).click();
  await toastSays(page, 'Product Added Successfully');
  await page.waitForURL('**/dashboard/seller-products');

  const bike = await listed();
  expect(bike).toMatchObject({ paymentMethods: ['card', 'bkash'], deposit: { amount: 20000 } });

  await page.goto(`/products/${bike?._id ?? ''}`);
  await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  expect(await waysShown(page)).toEqual(['Card', 'bKash']);
  expect(await page.getByText('Deposit to reserve:').textContent()).toBe('Deposit to reserve: ৳20,000');
  await screenshot(page, 'pay-ways-listing');

  // A buyer asks to pay cash: the seller takes it again.
  await page.goto('/dashboard/seller-products');
  await page.getByRole('link', { name: `Edit ${NAME}` }).click();
  await page.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
  const editing = page.getByRole('group', { name: 'How buyers can pay' });
  expect(await editing.getByRole('checkbox', { name: 'Cash at the meet-up' }).isChecked()).toBe(false);
  expect(await editing.getByRole('radio', { name: 'A fixed amount' }).isChecked()).toBe(true);
  expect(await editing.getByLabel('Deposit amount (৳)').inputValue()).toBe('20000');
  await editing.getByRole('checkbox', { name: 'Cash at the meet-up' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toastSays(page, 'Product Updated Successfully');
  await page.waitForURL('**/dashboard/seller-products');

  expect(await listed()).toMatchObject({ paymentMethods: ['cash', 'card', 'bkash'], deposit: { amount: 20000 } });
  await page.goto(`/products/${bike?._id ?? ''}`);
  await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  expect(await waysShown(page)).toEqual(['Cash', 'Card', 'bKash']);
  await context.close();
});

test('the form and the listing page on a wide screen', async () => {
  const { context, page } = await openSignedIn(browser, server.url, seller, DESKTOP);
  await page.goto('/dashboard/add-product');
  await page.getByRole('heading', { name: 'Add a Product' }).waitFor();
  await page.getByRole('radio', { name: 'A share of the price' }).check();
  await page.getByRole('checkbox', { name: 'Card (held until the handover)' }).uncheck();
  await page.getByRole('checkbox', { name: 'bKash (held until the handover)' }).uncheck();
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.getByText('A deposit is held by card or bKash: take at least one of them').waitFor();
  await screenshot(page, 'pay-ways-add-errors');

  const bike = await listed();
  await page.goto(`/products/${bike?._id ?? ''}`);
  await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  await screenshot(page, 'pay-ways-listing');
  await context.close();
});
