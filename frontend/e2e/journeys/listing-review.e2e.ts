// Listings reviewed when it matters (docs/trust.md). Nadia, new to selling, lists her
// first bike through Add product on her phone: it waits for an admin, so a visitor who has
// the category open does not see it, and her My Products says "In review". Ayesha, an
// admin, finds it in Listing review and approves it: the bike appears on the visitor's
// open page and Nadia's My Products says it is live, neither reloaded. Nadia's second bike
// Ayesha rejects, saying why; Nadia reads the reason, edits the listing, and it is back in
// the queue, marked as changed after a rejection.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Api, type Person } from '../support/api.ts';
import { seriousProblems } from '../support/axe.ts';
import {
  checkedAtBothWidths,
  launchBrowser,
  openContext,
  openSignedIn,
  PHONE,
  photo,
  screenshot,
  signInAs,
  toastSays,
} from '../support/browser.ts';
import { fillBikeDetails, startListing } from '../support/listing-form.ts';
import { expectNoReload, markNoReload, openLive } from '../support/live.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let admin: Person;
let nadia: Person;
let categoryId: string;

beforeAll(async () => {
  // New sellers' first listings wait for an admin, as the server does unless told otherwise.
  server = await startServer({ reviewFirstListings: true });
  browser = await launchBrowser();
  api = new Api(server.url, server.dataDir);
  admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  // Signed up with her address proven and her phone confirmed by the code texted to it.
  nadia = await api.signUp('nadia@bikehaat.test', 'Nadia Rahman', 'seller');
  categoryId = await api.category(admin, 'Commuter Bikes');
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

/** What the form names Nadia's bike: its brand and model. */
const FIRST = 'Bajaj Pulsar N160';
const SECOND = 'Honda Shine 125 2020';
const REASON = 'The photos do not show the bike for sale';

interface Found {
  listings: { productName: string }[];
}

/** Once the toasts have gone: a screenshot, and axe, read the page itself, not a toast fading out. */
async function toastsGone(page: Page): Promise<void> {
  await page.locator('.Toastify__toast').first().waitFor({ state: 'detached', timeout: 10_000 });
}

test('a new seller’s first bike waits for an admin, who approves it, and it goes live on every open page', async () => {
  // A visitor has the category open, with nothing in it yet.
  const visitor = await openContext(browser, server.url, PHONE);
  await openLive(visitor.page, `/category/${categoryId}`, false);
  await visitor.page.getByText('No Products Available for this Category').waitFor();
  await markNoReload(visitor.page);

  // Nadia lists her bike on her phone.
  const seller = await openSignedIn(browser, server.url, nadia, PHONE);
  await startListing(seller.page, categoryId);
  await seller.page.getByLabel('Product image').setInputFiles(await photo(seller.page, '#1d4ed8'));
  await seller.page.getByText('Uploading…').first().waitFor({ state: 'detached' });
  await fillBikeDetails(seller.page, {
    brand: 'Bajaj',
    model: 'Pulsar N160',
    engineCc: '160',
    registrationYear: '2022',
    kmDriven: '9,800',
    condition: 'Excellent',
    resalePrice: '185000',
    originalPrice: '230000',
  });
  await seller.page.getByLabel('District').selectOption('Dhaka');
  await seller.page.getByLabel('Area').fill('Mohammadpur');
  await seller.page.getByLabel('Color').fill('Pearl White');
  await seller.page.getByLabel('Seller contact number').fill('01711-345678');
  await seller.page.getByLabel('Description').fill('One owner, serviced at the showroom, papers up to date.');
  await seller.page.getByRole('button', { name: 'Add product' }).click();
  await toastSays(seller.page, 'Product Added Successfully');
  await seller.page.waitForURL('**/dashboard/seller-products');

  // Her My Products says it waits, and why new sellers wait; it is not advertised yet.
  const row = seller.page.getByRole('row', { name: new RegExp(FIRST) });
  await row.getByText('In review', { exact: true }).waitFor();
  await seller.page.getByText('In review: an admin looks at new sellers’ first listings before buyers see them.').waitFor();
  expect(await row.getByRole('button', { name: 'Advertise' }).count()).toBe(0);
  await toastsGone(seller.page);
  // On her phone (and on a desktop), nothing scrolling sideways.
  await checkedAtBothWidths(seller.page, 'listing-review-my-products');
  expect(await seriousProblems(seller.page), 'accessibility problems on My Products').toEqual([]);
  await markNoReload(seller.page);

  // Nobody else sees it: not the visitor's open page, not a search.
  const found = await api.call<Found>('GET', `/listings?q=${encodeURIComponent('Pulsar')}`, null);
  expect(found.listings).toEqual([]);
  expect(await visitor.page.getByRole('article', { name: FIRST }).count()).toBe(0);

  // Ayesha finds it in Listing review, with why it waits.
  const reviewer = await openContext(browser, server.url, PHONE);
  await signInAs(reviewer.page, admin);
  await openLive(reviewer.page, '/dashboard/listing-reviews', true);
  await reviewer.page.getByRole('heading', { name: 'Listing review' }).waitFor();
  const card = reviewer.page.getByRole('article', { name: `${FIRST}, listed by Nadia Rahman` });
  await card.waitFor();
  await card.getByText('New seller’s first listing').waitFor();
  await card.getByText('৳1,85,000').waitFor();
  await card.getByRole('img', { name: `Photo of ${FIRST}` }).evaluate((image: HTMLImageElement) => image.decode());
  await reviewer.page.getByText('1 listing waiting').waitFor();
  await toastsGone(reviewer.page);
  await checkedAtBothWidths(reviewer.page, 'listing-review-queue');
  expect(await seriousProblems(reviewer.page), 'accessibility problems on Listing review').toEqual([]);

  // The bike's page, as she checks it, says buyers cannot see it yet.
  await card.getByRole('link', { name: `Open the bike’s page: ${FIRST}` }).click();
  await reviewer.page.getByRole('heading', { name: 'In review — buyers cannot see this bike yet' }).waitFor();
  expect(await reviewer.page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
  await screenshot(reviewer.page, 'listing-review-bike-in-review');
  await reviewer.page.goBack();

  await reviewer.page
    .getByRole('article', { name: `${FIRST}, listed by Nadia Rahman` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await toastSays(reviewer.page, `${FIRST} is live: buyers see it now`);
  await reviewer.page.getByText('No listings waiting for review').waitFor();

  // Live on the visitor's open page, and on Nadia's, without a reload.
  const onCategory = visitor.page.getByRole('article', { name: FIRST });
  await onCategory.waitFor();
  await onCategory.getByRole('button', { name: 'Book Now' }).waitFor();
  await expectNoReload(visitor.page);

  await row.getByText('In review', { exact: true }).waitFor({ state: 'detached' });
  await row.getByText('Available', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Advertise' }).waitFor();
  expect(await seller.page.getByRole('row', { name: new RegExp(FIRST) }).count()).toBe(1);
  // Her bell says so too.
  await seller.page.getByRole('link', { name: /^Notifications, 1 unread/ }).or(
    seller.page.getByRole('button', { name: /^Notifications, 1 unread/ }),
  ).first().waitFor();
  await expectNoReload(seller.page);

  await visitor.context.close();
  await reviewer.context.close();
  await seller.context.close();
});

test('a rejected bike says why on its seller’s My Products, and her edit sends it back to the queue', async () => {
  // Nadia's second bike: she still has fewer live listings than new sellers start with.
  await api.listing(nadia, categoryId, SECOND, 98_000);

  const reviewer = await openSignedIn(browser, server.url, admin, PHONE);
  await reviewer.page.goto('/dashboard/listing-reviews');
  const card = reviewer.page.getByRole('article', { name: `${SECOND}, listed by Nadia Rahman` });
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = reviewer.page.getByRole('alertdialog', { name: `Reject ${SECOND}?` });
  await dialog.getByRole('button', { name: REASON }).click();
  await screenshot(reviewer.page, 'listing-review-reject', { fullPage: false });
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await toastSays(reviewer.page, 'Listing rejected: the seller is told why');
  await reviewer.page.getByText('No listings waiting for review').waitFor();

  const seller = await openSignedIn(browser, server.url, nadia, PHONE);
  await seller.page.goto('/dashboard/seller-products');
  const row = seller.page.getByRole('row', { name: new RegExp(SECOND) });
  await row.getByText('Rejected', { exact: true }).waitFor();
  await row.getByText(REASON).waitFor();
  await row.getByText('Edit it to fix what the admin said: saving it sends it back for review.').waitFor();
  await toastsGone(seller.page);
  await checkedAtBothWidths(seller.page, 'listing-review-rejected');
  expect(await seriousProblems(seller.page), 'accessibility problems on a rejected listing').toEqual([]);

  // She puts it right: the edit page says why, and saving sends it back.
  await row.getByRole('link', { name: `Edit ${SECOND}` }).click();
  await seller.page.getByRole('note').getByText(`Rejected: ${REASON}`).waitFor();
  await seller.page.getByLabel('Description').fill('Photos of this very bike, taken today at Mohammadpur.');
  await seller.page.getByRole('button', { name: 'Save changes' }).click();
  await toastSays(seller.page, 'Product Updated Successfully');
  await seller.page.waitForURL('**/dashboard/seller-products');
  await seller.page.getByRole('row', { name: new RegExp(SECOND) }).getByText('In review', { exact: true }).waitFor();

  // Back in Ayesha's queue, marked as changed after a rejection.
  await reviewer.page.reload();
  const again = reviewer.page.getByRole('article', { name: `${SECOND}, listed by Nadia Rahman` });
  await again.getByText('Changed after a rejection').waitFor();
  await again.getByText('Photos of this very bike, taken today at Mohammadpur.').waitFor();

  await reviewer.context.close();
  await seller.context.close();
});
