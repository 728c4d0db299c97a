// The steps of a deal the journeys share: the buyer books on their phone, each side opens
// their own page listening, the buyer shows the handover code and the seller enters it.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Person } from './api.ts';
import { bookInBookingModal, openSignedIn, PHONE, toastSays } from './browser.ts';
import { openLive } from './live.ts';

/** The row of `bike` in a table of bookings (My Orders, My Buyers). */
export function rowOf(page: Page, bike: string): Locator {
  return page.getByRole('row').filter({ hasText: bike });
}

/** The signed-in buyer books `bike` from its category page, through "Your Order". */
export async function bookFromCategory(page: Page, categoryId: string, bike: string): Promise<void> {
  await page.goto(`/category/${categoryId}`);
  await page.getByRole('article', { name: bike }).getByRole('button', { name: 'Book Now' }).click();
  await bookInBookingModal(page, bike);
}

/** The buyer, on a phone, books `bike` and opens My Orders, listening. */
export async function buyerBooks(
  browser: Browser,
  base: string,
  buyer: Person,
  categoryId: string,
  bike: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const b = await openSignedIn(browser, base, buyer, PHONE);
  await bookFromCategory(b.page, categoryId, bike);
  await openLive(b.page, '/dashboard/my-orders', true);
  return b;
}

/** The seller opens My Buyers, listening. */
export async function sellerOpensMyBuyers(
  browser: Browser,
  base: string,
  seller: Person,
  viewport: { width: number; height: number } = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const s = await openSignedIn(browser, base, seller, viewport);
  await openLive(s.page, '/dashboard/my-buyers', true);
  return s;
}

/**
 * The code the buyer's "Show handover code" shows now, and whether too many wrong tries
 * locked it (the dialog then stays open, offering a new code); otherwise it is closed again.
 */
export async function readHandoverCode(page: Page, bike: string): Promise<{ code: string; locked: boolean }> {
  await rowOf(page, bike).getByRole('button', { name: 'Show handover code' }).click();
  const shown = page.getByRole('alertdialog', { name: `Handover code for ${bike}` });
  const digits = shown.getByText(/^\d{6}$/);
  await digits.waitFor();
  const code = (await digits.textContent()) ?? '';
  const locked = (await shown.getByRole('button', { name: 'New code' }).count()) > 0;
  if (!locked) await shown.getByRole('button', { name: 'Done' }).click();
  return { code, locked };
}

/** The seller's "Enter handover code" on the buyer's row; returns its dialog. */
export async function openHandover(row: Locator, bike: string, buyer: Person): Promise<Locator> {
  await row.getByRole('button', { name: 'Enter handover code' }).click();
  return row.page().getByRole('alertdialog', { name: `Hand over ${bike} to ${buyer.name}?` });
}

/** Enters `code` in the open handover dialog and waits until the sale is recorded. */
export async function handOver(entry: Locator, bike: string, code: string): Promise<void> {
  await entry.getByLabel('Handover code').fill(code);
  await entry.getByRole('button', { name: 'Hand over' }).click();
  await toastSays(entry.page(), `${bike} handed over: the sale is recorded`);
}
