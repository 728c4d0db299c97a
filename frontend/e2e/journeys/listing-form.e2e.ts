// A seller on their phone lists a bike with what buyers search by — brand, model, engine
// size, kilometres, registration year, district, area — and three photos, moving the best
// one to the front as the cover. The search then finds it by its model with those fields
// and the photos in that order. Later the seller corrects the kilometres and drops a photo.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { openSignedIn, PHONE, photo, screenshot, toastSays } from '../support/browser.ts';
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
const NAME = 'Suzuki Gixxer SF';

interface Listing {
  _id: string;
  productName: string;
  productImage: string;
  photos: string[];
  brand: string | null;
  model: string | null;
  engineCc: number | null;
  kmDriven: number | null;
  registrationYear: number | null;
  district: string | null;
  area: string | null;
}

async function search(words: string): Promise<Listing[]> {
  const found = await api.call<{ listings: Listing[] }>('GET', `/listings?q=${encodeURIComponent(words)}`, null);
  return found.listings;
}

/**
 * The colour each stored photo shows — the picked files are plain blue, red and green,
 * and the server re-encodes photos, so their bytes cannot be compared.
 */
async function coloursOf(page: Page, addresses: string[]): Promise<string[]> {
  return page.evaluate(async (sources) => {
    const canvas = document.createElement('canvas');
    const drawing = canvas.getContext('2d');
    const colours: string[] = [];
    for (const source of sources) {
      const image = new Image();
      image.src = source;
      await image.decode();
      drawing?.drawImage(image, 0, 0);
      const [red = 0, green = 0, blue = 0] = drawing?.getImageData(10, 10, 1, 1).data ?? [];
      const strongest = Math.max(red, green, blue);
      colours.push(strongest === red ? 'red' : strongest === green ? 'green' : 'blue');
    }
    return colours;
  }, addresses);
}

async function allUploaded(page: Page): Promise<void> {
  await page.getByText('Uploading…').first().waitFor({ state: 'detached' });
}

test('a seller lists a bike with its details and three photos, then corrects the kilometres and drops a photo', async () => {
  const { context, page } = await openSignedIn(browser, server.url, seller, PHONE);
  await startListing(page, categoryId);

  // Two photos at once, then one more: the front view, which should be the cover.
  const side = { ...(await photo(page, '#1d4ed8')), name: 'side.png' };
  const engine = { ...(await photo(page, '#b91c1c')), name: 'engine.png' };
  const front = { ...(await photo(page, '#15803d')), name: 'front.png' };
  await page.getByLabel('Product image').setInputFiles([side, engine]);
  await allUploaded(page);
  await page.getByLabel('Product image').setInputFiles(front);
  await allUploaded(page);
  await page.getByRole('button', { name: 'Move photo 3 left' }).click();
  await page.getByRole('button', { name: 'Move photo 2 left' }).click();
  const cover = page.getByRole('listitem', { name: 'Photo 1, the cover' });
  expect(await cover.getByText('Cover').isVisible()).toBe(true);

  await fillBikeDetails(page, {
    brand: 'Suzuki',
    model: 'Gixxer SF',
    engineCc: '155',
    registrationYear: '2021',
    kmDriven: '14,500',
    condition: 'Good',
    resalePrice: '185000',
    originalPrice: '240000',
  });
  await page.getByLabel('District').selectOption('Dhaka');
  await page.getByLabel('Area').fill('Mirpur 10');
  // The name and meeting place come from what was given: no field asks them again.
  expect(await page.getByText('Buyers see it as “Suzuki Gixxer SF”').count()).toBe(1);
  for (const asked of ['Product name', 'Location', 'Purchase year', 'Years of use']) {
    expect(await page.getByLabel(asked, { exact: true }).count(), asked).toBe(0);
  }
  // Kilometres and prices are grouped as they are typed.
  await page.getByLabel('Resale price').fill('');
  await page.getByLabel('Resale price').pressSequentially('185000');
  expect(await page.getByLabel('Resale price').inputValue()).toBe('1,85,000');
  await page.getByLabel('Color').fill('Metallic Blue');
  await page.getByLabel('Seller contact number').fill('01711-234567');
  await page.getByLabel('Description').fill('Single owner, serviced at the showroom every 3,000 km.');
  await screenshot(page, 'listing-form-add');
  await page.getByRole('button', { name: 'Add product' }).click();
  await toastSays(page, 'Product Added Successfully');
  await page.waitForURL('**/dashboard/seller-products');

  const [listed, ...others] = await search('Gixxer');
  expect(others).toEqual([]);
  expect(listed).toMatchObject({
    productName: NAME,
    brand: 'Suzuki',
    model: 'Gixxer SF',
    engineCc: 155,
    kmDriven: 14500,
    registrationYear: 2021,
    district: 'Dhaka',
    area: 'Mirpur 10',
    location: 'Mirpur 10, Dhaka',
    purchaseYear: 2021,
    yearsOfUse: new Date().getFullYear() - 2021,
  });
  expect(listed?.photos).toHaveLength(3);
  expect(listed?.productImage).toBe(listed?.photos[0]);
  // The front view (green) first, then the side (blue) and the engine (red).
  expect(await coloursOf(page, listed?.photos ?? [])).toEqual(['green', 'blue', 'red']);

  // The seller finds the odometer read 15,200 and the engine photo is too dark.
  await page.getByRole('link', { name: `Edit ${NAME}` }).click();
  await page.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
  for (const label of ['Brand', 'Model', 'Engine (cc)', 'Registration year']) {
    expect(await page.getByLabel(label).getAttribute('readonly')).not.toBeNull();
  }
  expect(await page.getByLabel('Brand').inputValue()).toBe('Suzuki');
  await page.getByRole('listitem', { name: 'Photo 3' }).getByRole('img').waitFor();
  await screenshot(page, 'listing-form-edit');
  await page.getByLabel('Kilometres driven').fill('15,200');
  await page.getByRole('button', { name: 'Remove photo 3' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toastSays(page, 'Product Updated Successfully');
  await page.waitForURL('**/dashboard/seller-products');

  const [changed] = await search('Gixxer');
  expect(changed).toMatchObject({ kmDriven: 15200, brand: 'Suzuki', model: 'Gixxer SF', district: 'Dhaka' });
  expect(changed?.photos).toEqual(listed?.photos.slice(0, 2));
  expect(changed?.productImage).toBe(listed?.photos[0]);
  await context.close();
});

test('the add and edit forms on a wide screen', async () => {
  const { context, page } = await openSignedIn(browser, server.url, seller, { width: 1280, height: 800 });
  await page.goto('/dashboard/add-product');
  await page.getByRole('heading', { name: 'Add a Product' }).waitFor();
  await page.getByLabel('Product image').setInputFiles([
    { ...(await photo(page, '#1d4ed8')), name: 'a.png' },
    { ...(await photo(page, '#b91c1c')), name: 'b.png' },
    { ...(await photo(page, '#15803d')), name: 'c.png' },
  ]);
  await allUploaded(page);
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.getByText('Please select the brand').waitFor();
  await screenshot(page, 'listing-form-add-errors');

  await page.goto('/dashboard/seller-products');
  await page.getByRole('link', { name: `Edit ${NAME}` }).click();
  await page.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
  await page.getByRole('listitem', { name: 'Photo 2' }).getByRole('img').waitFor();
  await screenshot(page, 'listing-form-edit');
  await context.close();
});
