// The seller's Add a Product form, filled in as a seller would: what the bike is called
// and filed under first, then, once its photos are in, its details, state, prices and age.
import type { Page } from 'playwright-core';

export interface BikeDetails {
  brand: string;
  model: string;
  engineCc: string;
  registrationYear: string;
  kmDriven: string;
  condition: string;
  resalePrice: string;
  originalPrice: string;
  purchaseYear: string;
  yearsOfUse: string;
}

/** Opens Add a Product and names the bike `name`, filed under `categoryId`. */
export async function startListing(page: Page, categoryId: string, name: string): Promise<void> {
  await page.goto('/dashboard/add-product');
  await page.getByRole('heading', { name: 'Add a Product' }).waitFor();
  await page.getByLabel('Category').selectOption(categoryId);
  await page.getByLabel('Product name').fill(name);
}

/** Fills in what the bike is, its state, its prices and its age. */
export async function fillBikeDetails(page: Page, bike: BikeDetails): Promise<void> {
  await page.getByLabel('Brand').selectOption(bike.brand);
  await page.getByLabel('Model').fill(bike.model);
  await page.getByLabel('Engine (cc)').fill(bike.engineCc);
  await page.getByLabel('Registration year').fill(bike.registrationYear);
  await page.getByLabel('Kilometres driven').fill(bike.kmDriven);
  await page.getByLabel('Condition').selectOption(bike.condition);
  await page.getByLabel('Resale price').fill(bike.resalePrice);
  await page.getByLabel('Original price').fill(bike.originalPrice);
  await page.getByLabel('Purchase year').fill(bike.purchaseYear);
  await page.getByLabel('Years of use').fill(bike.yearsOfUse);
}
