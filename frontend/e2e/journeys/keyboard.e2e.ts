// From the home page to a booking with the keyboard alone, as a reader who cannot use a
// mouse or a touch screen does: Tab, Shift+Tab, Enter and typing, nothing else. Every
// step is reachable, the focus is always somewhere visible that says where it is, a
// dialog holds the focus while open and gives it back when it closes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Api, type Person } from '../support/api.ts';
import { DESKTOP, launchBrowser, openSignedIn, PHONE, toastSays } from '../support/browser.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let buyers: Person[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  const seller = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  buyers = [];
  for (const name of ['desk', 'phone']) {
    const buyer = await api.signUp(`karim.${name}@bikehaat.test`, 'Karim Uddin', 'buyer');
    buyers.push(buyer);
  }
  const category = await api.category(admin, 'Commuter');
  await api.listing(seller, category, 'Honda Dio 110', 1150);
  await api.listing(seller, category, 'Bajaj Discover 125', 1400);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

/** What the focused element is called: its label, or its text. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '';
    const labelled = element.getAttribute('aria-labelledby');
    const label =
      element.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
      element.textContent;
    return label.replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab until the focus is on something called `name`; how many presses it took. */
async function tabTo(page: Page, name: string | RegExp, most = 80): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return presses;
  }
  throw new Error(`${String(name)} was not reached in ${String(most)} presses of Tab`);
}

/** Whether the focused element shows that it has the focus (an outline or a ring). */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return false;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    return outlined || ringed;
  });
}

// The second buyer books the bike the first holds: they join its line.
describe.each([
  ['desktop', DESKTOP, 0, 'Pay Now'],
  ['phone', PHONE, 1, 'My Orders'],
] as const)('on a %s', (_, viewport, who, nextStep) => {
  test('a buyer goes from the home page to a booking by keyboard alone', async () => {
    const { context, page } = await openSignedIn(browser, server.url, buyers[who] as Person, viewport);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The first Tab offers to skip the top bar.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to the page');
    expect(await focusIsVisible(page)).toBe(true);

    // Get Started, in the banner, opens all bikes; the focus lands on their page's heading.
    // On the banner's dark green the ring is white (at least 5:1 against every shade of it).
    await tabTo(page, 'Get Started');
    expect(await focusIsVisible(page)).toBe(true);
    // (Polled: the button's transition eases the ring in.)
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineColor))
      .toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/products');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // From the search box to the first bike's Book Now in a few presses.
    await tabTo(page, /^Search/);
    const presses = await tabTo(page, 'Book Now');
    expect(presses, 'Tab presses from the search box to the first Book Now').toBeLessThanOrEqual(12);
    expect(await focusIsVisible(page)).toBe(true);

    // The booking dialog takes the focus, its fields in order; Submit, then the
    // confirmation's Yes, by Tab and Enter.
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Your Order' });
    await modal.waitFor();
    expect(await focused(page)).toBe('Phone number');
    await page.keyboard.type('01812-345678');
    await tabTo(page, 'Meeting location');
    await page.keyboard.type('Dhanmondi Lake, Road 8');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    const sure = page.getByRole('alertdialog');
    await sure.waitFor();
    await tabTo(page, 'Yes, book', 6);
    await page.keyboard.press('Enter');
    await toastSays(page, 'Successfully Booked Product');
    await modal.waitFor({ state: 'detached' });

    // The focus comes back to the card the booking was made from, on its next step (Book
    // Now is gone: Pay Now for the bike reserved, My Orders for a place in its line), not
    // to the page's top.
    await expect.poll(() => focused(page)).toBe(nextStep);
    expect(await page.evaluate(() => document.activeElement?.closest('article') !== null)).toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    await context.close();
  });
});
