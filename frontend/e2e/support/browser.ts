// Debian's Chromium through playwright-core: one browser per journey file, one context
// per person (their own storage, like separate phones), screenshots for a human to read.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Person } from './api.ts';
import { readMailLink } from './mail.ts';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/**
 * A fresh browser profile at `viewport`, its browser speaking `locale` (the first visit
 * follows it); page errors fail loudly in the log.
 */
export async function openContext(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number } = DESKTOP,
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base, viewport, locale });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`page error at ${page.url()}:`, error.message);
  });
  return { context, page };
}

/** Signs `person` in the way the page remembers a session: access token and e-mail in localStorage. */
export async function signInAs(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ([token, email]) => {
      localStorage.setItem('access-token', token);
      localStorage.setItem('user-email', email);
    },
    [person.token, person.email] as const,
  );
}

/** A browser profile of `person`'s own at `viewport`, signed in. */
export async function openSignedIn(
  browser: Browser,
  base: string,
  person: Person,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openContext(browser, base, viewport);
  await signInAs(opened.page, person);
  return opened;
}

const shots = resolve(import.meta.dirname, '../../screenshots');

/**
 * Saves a full-page screenshot as `screenshots/<name>-<width>.png`; `fullPage: false` keeps
 * to the screen, as a dialog over the page is seen.
 */
/** Two whole result cards fit a phone's screen under the sticky top bar: each is at most half of it. */
export async function expectTwoCardsToAScreen(page: Page, cards: Locator): Promise<void> {
  const topBar = await page.locator('header').first().boundingBox();
  const screenLeft = PHONE.height - (topBar?.height ?? 0);
  for (const card of (await cards.all()).slice(0, 2)) {
    const height = (await card.boundingBox())?.height ?? Infinity;
    expect(height, 'a card on a 390 px phone').toBeLessThanOrEqual(screenLeft / 2);
  }
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await mkdir(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // From the top, or the sticky header is drawn wherever the page was scrolled to.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${shots}/${name}-${String(width)}.png`, fullPage });
}

/**
 * Answers the page's confirmation dialog with its `button`, after checking that the dialog
 * is titled `title` (what is affected) and asks exactly `prompt`; waits until it has closed.
 */
export async function confirmInDialog(page: Page, title: string, prompt: string, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title, exact: true });
  await dialog.waitFor();
  const asked = await dialog.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  if (asked !== prompt) throw new Error(`the dialog "${title}" asked "${asked}", expected "${prompt}"`);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Fills the open "Your Order" with the buyer's phone and meeting place, submits, confirms
 * the booking of `bike`, and waits for the success toast and the modal to close.
 */
export async function bookInBookingModal(page: Page, bike: string): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Your Order' });
  await modal.getByLabel('Phone number').fill('+880 1812-345678');
  await modal.getByLabel('Meeting location').fill('Dhanmondi Lake, Road 8');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await confirmInDialog(page, `Book ${bike}?`, 'Are you sure, You want to Book this product?', 'Yes, book');
  await toastSays(page, 'Successfully Booked Product');
  await modal.waitFor({ state: 'detached' });
}

/** Waits for a toast saying exactly `text`. */
/**
 * Opens the confirmation link mailed to `email` in `page` and confirms the account with
 * its password, as its owner does; booking, listing and messaging wait for it.
 */
export async function confirmFromMail(page: Page, dataDir: string, email: string, password: string): Promise<void> {
  await page.goto(await readMailLink(dataDir, email, 'verify-email'));
  await page.getByLabel('Password of this account').fill(password);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.getByText('Your email address is confirmed.').waitFor();
}

export async function toastSays(page: Page, text: string): Promise<void> {
  await page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

/** A small real PNG (what a phone camera would hand the file input), drawn by Chromium. */
export async function photo(page: Page, colour = '#0f766e'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const scratch = await page.context().newPage();
  await scratch.setContent(`<div style="width:320px;height:240px;background:${colour}"></div>`);
  const buffer = await scratch.screenshot({ clip: { x: 0, y: 0, width: 320, height: 240 } });
  await scratch.close();
  return { name: 'bike.png', mimeType: 'image/png', buffer };
}

/**
 * The signed-in person's own profile, as the page reads it with its stored access token
 * (`GET /api/users/{email}` answers its owner only).
 */
export async function ownProfile(page: Page): Promise<{ role: string; name: string; emailVerified: boolean }> {
  const answer = await page.evaluate(async () => {
    const token = localStorage.getItem('access-token') ?? '';
    const email = localStorage.getItem('user-email') ?? '';
    const response = await fetch(`/api/users/${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  if (answer.status !== 200) throw new Error(`the profile answered ${String(answer.status)}`);
  return answer.body as { role: string; name: string; emailVerified: boolean };
}

/** Screenshots of what `page` shows now, on a phone and on a desktop; the phone's width again after. */
export async function screenshotsAtBothWidths(page: Page, name: string, fullPage = true): Promise<void> {
  await screenshot(page, name, { fullPage });
  await page.setViewportSize(DESKTOP);
  await screenshot(page, name, { fullPage });
  await page.setViewportSize(PHONE);
}

/**
 * The same screenshots, and at each width nothing scrolls sideways: not the page, and not
 * a table inside its card.
 */
export async function checkedAtBothWidths(page: Page, name: string, fullPage = true): Promise<void> {
  await screenshot(page, name, { fullPage });
  await expectNothingSideways(page, name);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, name, { fullPage });
  await expectNothingSideways(page, name);
  await page.setViewportSize(PHONE);
}

/** Nothing on the page scrolls sideways: not the page, and not a table inside its card. */
export async function expectNothingSideways(page: Page, name: string): Promise<void> {
  const wide = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('main *, dialog *')]
      // Visually hidden text (1 px, clipped) is meant to overflow.
      .filter((element) => element.clientWidth > 1)
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible')
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} by ${String(element.scrollWidth - element.clientWidth)} px`),
  );
  expect(wide, `${name} at ${String(page.viewportSize()?.width)} px scrolls sideways`).toEqual([]);
}
