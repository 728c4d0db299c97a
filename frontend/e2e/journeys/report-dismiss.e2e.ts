// Reports with reasons, warnings and suspensions, and the audit log (docs/trust.md). Karim,
// a buyer on his phone, reports Rahim's Honda from the bike's page, saying it is a scam
// and why; Ayesha, an admin, has Reported Products open and sees it arrive with the
// reason and the note, and a second buyer's report join it. She looks into it and
// dismisses the reports: Karim's open page tells him an admin kept the listing up,
// neither page reloaded, and her Audit log says she dismissed them. Then she suspends a
// scammer from All Sellers: the badge and the reason show, his bike leaves the site, the
// suspension is on the log, and he can no longer sign in.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Api, PASSWORD, type Person } from '../support/api.ts';
import { seriousProblems } from '../support/axe.ts';
import { expectNothingSideways, launchBrowser, openContext, screenshot, signInAs, toastSays } from '../support/browser.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let admin: Person;
let rahim: Person;
let karim: Person;
let nadia: Person;
let categoryId: string;

/** A small Android phone, as many buyers and admins in Dhaka use. */
const SMALL_PHONE = { width: 360, height: 780 } as const;

const BIKE = 'Honda Dio 110';
const NOTE = 'He asked for a ৳2,000 bKash advance before showing the bike.';
const DISMISS_NOTE = 'Called the seller: the bike and the papers are as listed.';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = new Api(server.url, server.dataDir);
  admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  rahim = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  karim = await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'buyer');
  nadia = await api.signUp('nadia@bikehaat.test', 'Nadia Islam', 'buyer');
  categoryId = await api.category(admin, 'Scooters');
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

/** Once the toasts have gone: a screenshot, and axe, read the page itself, not a toast fading out. */
async function toastsGone(page: Page): Promise<void> {
  await page.locator('.Toastify__toast').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/** A phone-sized screenshot, nothing scrolling sideways, nothing axe finds serious. */
async function checkedOnPhone(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectNothingSideways(page, name);
  expect(await seriousProblems(page), `accessibility problems on ${name}`).toEqual([]);
}

test('a buyer’s report with a reason reaches the admin live; she dismisses it, he is told, and it is on the audit log', async () => {
  const listingId = await api.listing(rahim, categoryId, BIKE, 115_000);

  // Ayesha has the queue open on her phone, with nothing in it yet.
  const moderator = await openContext(browser, server.url, SMALL_PHONE);
  await signInAs(moderator.page, admin);
  await openLive(moderator.page, '/dashboard/reported-products', true);
  await moderator.page.getByText('There is no Reported Product.').waitFor();
  await markNoReload(moderator.page);

  // Karim reports the bike from its page, saying why.
  const buyer = await openContext(browser, server.url, SMALL_PHONE);
  await signInAs(buyer.page, karim);
  await openLive(buyer.page, `/products/${listingId}`, true);
  await buyer.page.getByRole('heading', { level: 1, name: BIKE }).waitFor();
  await markNoReload(buyer.page);
  await buyer.page.getByRole('button', { name: 'Report to Admin' }).click();
  const dialog = buyer.page.getByRole('alertdialog', { name: `Report ${BIKE} to the admin?`, exact: true });
  await dialog.getByText('Are you sure, You want to report to admin?', { exact: true }).waitFor();
  // Nothing goes without a reason.
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await dialog.getByText('Please choose why you are reporting this bike').waitFor();
  await dialog.getByRole('button', { name: 'Scam', exact: true }).click();
  await dialog.getByText('Asks for money before you meet, or the seller is not who they say').waitFor();
  await dialog.getByLabel('Anything to add? (optional)').fill(NOTE);
  await screenshot(buyer.page, 'report-dialog', { fullPage: false });
  await expectNothingSideways(buyer.page, 'report-dialog');
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await toastSays(buyer.page, 'Successfully Reported to Admin');
  await dialog.waitFor({ state: 'detached' });

  // It arrives on Ayesha's open page, with the reason and the note.
  const card = moderator.page.getByRole('article', { name: `${BIKE}, listed by Rahim Motors` });
  await card.waitFor();
  await card.getByText('Reported by 1 buyer').waitFor();
  await card.getByText('Scam · 1').waitFor();
  await card.getByText('Karim Uddin').waitFor();
  await card.getByText(`“${NOTE}”`).waitFor();
  expect(await moderator.page.getByText('There is no Reported Product.').count()).toBe(0);

  // A second buyer reports it too: the same listing counts two, grouped.
  await api.report(nadia, listingId, { reason: 'scam', note: 'Same photos as a bike sold in Mirpur last month.' });
  await card.getByText('Reported by 2 buyers').waitFor();
  await card.getByText('Scam · 2').waitFor();
  await card.getByText('Nadia Islam').waitFor();
  expect(await moderator.page.getByRole('article').count()).toBe(1);
  await expectNoReload(moderator.page);
  await card.getByRole('img', { name: `Photo of ${BIKE}` }).evaluate((image: HTMLImageElement) => image.decode());
  await toastsGone(moderator.page);
  await checkedOnPhone(moderator.page, 'report-queue');
  expect(await card.getByRole('link', { name: `Open the bike’s page: ${BIKE}` }).getAttribute('href')).toBe(
    `/products/${listingId}`,
  );

  // She looks into it and dismisses the reports, with a note for the log.
  await card.getByRole('button', { name: 'Dismiss', exact: true }).click();
  const dismiss = moderator.page.getByRole('alertdialog', { name: `Dismiss the reports of ${BIKE}?` });
  await dismiss.getByLabel('Note for the audit log (optional)').fill(DISMISS_NOTE);
  await dismiss.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await toastSays(moderator.page, `Reports dismissed: ${BIKE} stays up`);
  await moderator.page.getByText('There is no Reported Product.').waitFor();
  await expectNoReload(moderator.page);

  // Karim's open page tells him, without a reload; the bike is still for sale.
  await buyer.page
    .locator('.Toastify')
    .getByText(`An admin looked at your report of ${BIKE} and kept the listing up. Thank you for telling us.`, {
      exact: false,
    })
    .waitFor();
  await buyer.page
    .getByRole('link', { name: /^Notifications, 1 unread/ })
    .or(buyer.page.getByRole('button', { name: /^Notifications, 1 unread/ }))
    .first()
    .waitFor();
  await buyer.page.getByRole('button', { name: 'Book Now' }).waitFor();
  await expectNoReload(buyer.page);

  // Her Audit log says what she did, to which listing, and why.
  await moderator.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log' }).click();
  await moderator.page.getByRole('heading', { name: 'Audit log', level: 2 }).waitFor();
  const entry = moderator.page.getByRole('article', { name: 'Dismissed reports' });
  await entry.waitFor();
  await entry.getByText('Ayesha Admin').waitFor();
  await entry.getByRole('link', { name: `Listing: ${BIKE}` }).waitFor();
  await entry.getByText(DISMISS_NOTE).waitFor();
  await toastsGone(moderator.page);
  await checkedOnPhone(moderator.page, 'audit-log');

  await buyer.context.close();
  await moderator.context.close();
});

test('an admin suspends a scammer from All Sellers: the badge shows, his bike leaves the site, it is on the log, and he cannot sign in', async () => {
  const scammer = await api.signUp('shamim@bikehaat.test', 'Shamim Traders', 'seller');
  const bike = 'Yamaha Ray ZR 125';
  const listingId = await api.listing(scammer, categoryId, bike, 45_000);

  // A visitor has the category open: the bike is there.
  const visitor = await openContext(browser, server.url, SMALL_PHONE);
  await openLive(visitor.page, `/category/${categoryId}`, false);
  await visitor.page.getByRole('article', { name: bike }).waitFor();
  await markNoReload(visitor.page);

  const moderator = await openContext(browser, server.url, SMALL_PHONE);
  await signInAs(moderator.page, admin);
  await openLive(moderator.page, '/dashboard/all-seller', true);
  const row = moderator.page.getByRole('row', { name: /Shamim Traders/ });
  await row.getByRole('button', { name: 'Suspend', exact: true }).click();
  const dialog = moderator.page.getByRole('alertdialog', { name: 'Suspend Shamim Traders?' });
  await dialog.getByRole('button', { name: 'Took money from buyers and did not show the bike' }).click();
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await toastSays(moderator.page, 'Shamim Traders is suspended');
  await row.getByText('Suspended', { exact: true }).waitFor();
  await row.getByText('Suspended: Took money from buyers and did not show the bike').waitFor();
  expect(await row.getByRole('button', { name: 'Suspend', exact: true }).count()).toBe(0);
  // The others stay as they were.
  await moderator.page.getByRole('row', { name: /Rahim Motors/ }).getByRole('button', { name: 'Warn' }).waitFor();
  await toastsGone(moderator.page);
  await checkedOnPhone(moderator.page, 'all-sellers-suspended');

  // His bike leaves the visitor's open page, without a reload.
  await visitor.page.getByRole('article', { name: bike }).waitFor({ state: 'detached' });
  await expectNoReload(visitor.page);
  await api.call('GET', `/listings/${listingId}`, null).then(
    () => {
      throw new Error('a suspended seller’s bike is still listed');
    },
    (error: unknown) => {
      expect(String(error)).toContain('404');
    },
  );

  // On the log, found by its action.
  await moderator.page.goto('/dashboard/audit');
  await moderator.page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Suspended someone' });
  await moderator.page.waitForURL('**/dashboard/audit?action=user.suspended');
  const entry = moderator.page.getByRole('article', { name: 'Suspended someone' });
  await entry.getByText('Account: Shamim Traders <shamim@bikehaat.test>').waitFor();
  await entry.getByText('Took money from buyers and did not show the bike').waitFor();
  expect(await moderator.page.getByRole('article', { name: 'Dismissed reports' }).count()).toBe(0);

  // He cannot sign in again, and is told why and where to write.
  const him = await openContext(browser, server.url, SMALL_PHONE);
  await him.page.goto('/login');
  await him.page.getByLabel('Email').fill(scammer.email);
  await him.page.getByLabel('Password').fill(PASSWORD);
  await him.page.getByRole('button', { name: 'Login' }).click();
  await him.page
    .getByText(
      "This account is suspended for breaking the marketplace's rules. If you think this is a mistake, write to support@bikehaat.com.bd.",
    )
    .first()
    .waitFor();
  expect(await him.page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

  await Promise.all([visitor.context.close(), moderator.context.close(), him.context.close()]);
});
