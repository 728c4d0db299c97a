// One account buys and sells. Karim, a buyer with a booking, taps "Sell your bike" on his
// phone, starts selling, confirms his number by the code texted to it and lists his
// scooter through the form; his booking stays his, and on the category page his own bike
// says it is his while Rahim's can still be booked.
// Rahim, a seller, books Karim's scooter through "Your Order" as any buyer would.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Api, Person } from '../support/api.ts';
import { bookInBookingModal, openSignedIn, DESKTOP, PHONE, photo, screenshot, toastSays } from '../support/browser.ts';
import { fillBikeDetails } from '../support/listing-form.ts';
import { readSmsCode } from '../support/mail.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let buyer: Person;
let categoryId: string;

beforeAll(async () => {
  ({ server, browser, api, seller, buyer, categoryId } = await openMarketplace('Scooters'));
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

const RAHIMS = 'Honda Dio 2020';
/** What the form names Karim's bike: its brand and model. */
const KARIMS = 'TVS Ntorq 125';

test('a buyer starts selling from his dashboard, lists a bike, and a seller books it', async () => {
  const rahims = await api.listing(seller, categoryId, RAHIMS, 95_000);
  const booked = await api.book(buyer, rahims);

  const karim = await openSignedIn(browser, server.url, buyer, PHONE);
  await karim.page.goto('/dashboard');
  const panel = karim.page.getByRole('navigation', { name: 'Dashboard' });
  await panel.getByRole('link', { name: 'Sell your bike' }).click();
  await karim.page.getByRole('heading', { name: 'Sell your bike' }).waitFor();
  await screenshot(karim.page, 'one-account-start-selling');
  await karim.page.getByRole('button', { name: 'Start selling' }).click();

  // The same page for the same account: first the number buyers will call, by the code
  // texted to it, then the form.
  await karim.page.getByRole('heading', { name: 'Seller Dashboard' }).waitFor();
  await karim.page.getByRole('heading', { name: 'Add a Product' }).waitFor();
  const phoneCheck = karim.page.getByRole('region', { name: 'Confirm your phone' });
  await phoneCheck.getByLabel('Mobile number').fill('01812-345678');
  await phoneCheck.getByRole('button', { name: 'Send code' }).click();
  await phoneCheck.getByLabel('Code from the SMS').fill(await readSmsCode(server.dataDir, '+8801812345678'));
  await phoneCheck.getByRole('button', { name: 'Confirm' }).click();
  await karim.page.getByLabel('Category').selectOption(categoryId);
  await karim.page.getByLabel('Product image').setInputFiles(await photo(karim.page, '#1d4ed8'));
  await karim.page.getByText('Uploading…').first().waitFor({ state: 'detached' });
  await fillBikeDetails(karim.page, {
    brand: 'TVS',
    model: 'Ntorq 125',
    engineCc: '125',
    registrationYear: '2022',
    kmDriven: '8,200',
    condition: 'Excellent',
    resalePrice: '135000',
    originalPrice: '165000',
  });
  await karim.page.getByLabel('District').selectOption('Dhaka');
  await karim.page.getByLabel('Area').fill('Uttara');
  await karim.page.getByLabel('Color').fill('Racing Red');
  await karim.page.getByLabel('Seller contact number').fill('01812-345678');
  await karim.page.getByLabel('Description').fill('One owner, every paper in hand.');
  await karim.page.getByRole('button', { name: 'Add product' }).click();
  await toastSays(karim.page, 'Product Added Successfully');
  await karim.page.waitForURL('**/dashboard/seller-products');
  await karim.page.getByText(KARIMS).first().waitFor();

  // His booking is still his, one tap away.
  await panel.getByRole('link', { name: 'My Orders' }).click();
  await karim.page.getByText(RAHIMS).first().waitFor();
  expect((await api.bookingsOf(buyer)).map((booking) => booking._id)).toEqual([booked]);

  // On the category page: his own bike is his; Rahim's he has booked already.
  await karim.page.goto(`/category/${categoryId}`);
  const own = karim.page.getByRole('article', { name: KARIMS });
  await own.getByText('This is your bike.').waitFor();
  expect(await own.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
  expect(await own.getByRole('link', { name: 'Message seller' }).count()).toBe(0);
  await own.getByRole('link', { name: 'See it in My Products' }).waitFor();
  await screenshot(karim.page, 'one-account-own-bike');
  await karim.context.close();

  // Rahim, a seller, buys Karim's scooter.
  const rahim = await openSignedIn(browser, server.url, seller, DESKTOP);
  await rahim.page.goto(`/category/${categoryId}`);
  const theirs = rahim.page.getByRole('article', { name: KARIMS });
  await theirs.getByRole('button', { name: 'Book Now' }).click();
  await bookInBookingModal(rahim.page, KARIMS);
  await theirs.getByText('Reserved for you').waitFor();
  const mine = rahim.page.getByRole('article', { name: RAHIMS });
  await mine.getByText('This is your bike.').waitFor();
  const rahimsBookings = await api.bookingsOf(seller);
  expect(rahimsBookings).toHaveLength(1);
  await rahim.context.close();
});
