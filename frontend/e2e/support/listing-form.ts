// The seller's Add a Product form, filled in as a seller would: where the bike is filed
// first, then, once its photos are in, what it is (its name comes from brand and model),
// its state and its prices.
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
}

/** Opens Add a Product and files the bike under `categoryId`. */
export async function startListing(page: Page, categoryId: string): Promise<void> {
  await page.goto('/dashboard/add-product');
  await page.getByRole('heading', { name: 'Add a Product' }).waitFor();
  await page.getByLabel('Category').selectOption(categoryId);
}

/** Fills in what the bike is, its state and its prices. */
export async function fillBikeDetails(page: Page, bike: BikeDetails): Promise<void> {
  await page.getByLabel('Brand').selectOption(bike.brand);
  await page.getByLabel('Model').fill(bike.model);
  await page.getByLabel('Engine (cc)').fill(bike.engineCc);
  await page.getByLabel('Registration year').fill(bike.registrationYear);
  await page.getByLabel('Kilometres driven').fill(bike.kmDriven);
  await page.getByLabel('Condition').selectOption(bike.condition);
  await page.getByLabel('Resale price').fill(bike.resalePrice);
  await page.getByLabel('Original price').fill(bike.originalPrice);
}
