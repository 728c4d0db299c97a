// A buyer whose phone speaks Bangla, through the pages (docs/i18n.md): the site opens in
// Bangla, the sign-up's mail comes in Bangla, a search said as people say it ("২ লাখের
// নিচে পালসার") finds the one Pulsar under two lakh, and the bike is booked with a phone
// number typed in Bengali digits, every step in Bangla.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PASSWORD, type Api, type Person } from '../support/api.ts';
import { confirmInDialog, expectTwoCardsToAScreen, openContext, photo, PHONE, screenshot, toastSays } from '../support/browser.ts';
import { readMail } from '../support/mail.ts';
import { closeMarketplace, openMarketplace } from '../support/marketplace.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let seller: Person;
let categoryId: string;

beforeAll(async () => {
  ({ server, browser, api, seller, categoryId } = await openMarketplace('Commuter'));
  await api.listing(seller, categoryId, 'Bajaj Pulsar 150', 185_000);
  await api.listing(seller, categoryId, 'Bajaj Pulsar N250', 250_000);
  await api.listing(seller, categoryId, 'Yamaha FZS V3', 180_000);
});

afterAll(async () => {
  await closeMarketplace({ browser, server });
});

test('a buyer in Bangla signs up, reads the mail in Bangla, searches "২ লাখের নিচে পালসার" and books the bike', async () => {
  const { context, page } = await openContext(browser, server.url, PHONE, 'bn-BD');

  // The first visit follows the browser's language.
  await page.goto('/signup');
  await page.getByRole('heading', { name: 'অ্যাকাউন্ট খুলুন' }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('bn-BD');
  await page.getByLabel('নাম', { exact: true }).fill('নাসরিন আক্তার');
  await page.getByLabel('ছবি', { exact: true }).setInputFiles(await photo(page));
  await page.getByLabel('ইমেইল', { exact: true }).fill('nasrin@bikehaat.test');
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
  await toastSays(page, 'আপনার ক্রেতা অ্যাকাউন্ট খোলা হয়েছে');

  // The confirmation mail is written in the language she signed up in.
  const mail = await readMail(server.dataDir, 'nasrin@bikehaat.test', 'verify-email');
  expect(mail.subject).toBe('BikeHaat-এ আপনার ইমেইল ঠিকানা নিশ্চিত করুন');
  expect(mail.text).toContain('এই ইমেইল ঠিকানাটি যে আপনার, তা নিশ্চিত করতে এই লিংকটি খুলুন:');
  expect(mail.text).toContain(mail.link);
  // She opens it (booking waits for it); the pages below load her account afresh.
  await api.proveEmail('nasrin@bikehaat.test');

  // The price said in the words is searched as the price, and said back under the box.
  await page.goto('/products');
  await page.getByRole('article').first().waitFor();
  await page.getByLabel('বাইক খুঁজুন').fill('২ লাখের নিচে পালসার');
  await page.getByText('আপনার কথামতো দাম ৳২,০০,০০০ পর্যন্ত', { exact: true }).waitFor();
  await page.getByText('১টি বাইক', { exact: true }).waitFor();
  const cards = page.getByRole('article');
  expect(await cards.count()).toBe(1);
  const card = cards.first();
  expect(await card.getByRole('heading').textContent()).toBe('Bajaj Pulsar 150');
  expect(await card.textContent()).toContain('৳১,৮৫,০০০');
  // The box keeps what she typed; the address keeps it too, so the search can be shared.
  expect(await page.getByLabel('বাইক খুঁজুন').inputValue()).toBe('২ লাখের নিচে পালসার');
  expect(new URL(page.url()).searchParams.get('q')).toBe('২ লাখের নিচে পালসার');
  await screenshot(page, 'bangla-search-price-words', { fullPage: false });
  // The card is as short in Bangla: two bikes to a phone's screen.
  await expectTwoCardsToAScreen(page, cards);

  await card.getByRole('button', { name: 'এখনই বুক করুন' }).click();
  const modal = page.getByRole('dialog', { name: 'আপনার অর্ডার' });
  await modal.getByLabel('ফোন নম্বর').fill('০১৮১২-৩৪৫৬৭৮');
  await modal.getByLabel('কোথায় দেখা করবেন').fill('ধানমন্ডি লেক, রোড ৮');
  await screenshot(page, 'bangla-booking', { fullPage: false });
  await modal.getByRole('button', { name: 'জমা দিন' }).click();
  await confirmInDialog(
    page,
    'Bajaj Pulsar 150 বুক করবেন?',
    'আপনি কি নিশ্চিত যে বাইকটি বুক করতে চান?',
    'হ্যাঁ, বুক করুন',
  );
  await toastSays(page, 'বাইকটি বুক হয়েছে');
  await modal.waitFor({ state: 'detached' });

  // Her orders hold it, with the phone as she typed it read as digits.
  await page.goto('/dashboard/my-orders');
  await page.getByRole('heading', { name: 'আমার অর্ডার' }).waitFor();
  await page.getByText('Bajaj Pulsar 150').first().waitFor();
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const orders = await fetch(`${server.url}/api/orders/nasrin@bikehaat.test`, {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  const booked = (await orders.json()) as { productName: string; buyerPhone: string }[];
  expect(booked.map(({ productName, buyerPhone }) => ({ productName, phone: buyerPhone.replace(/\D/g, '') }))).toEqual([
    { productName: 'Bajaj Pulsar 150', phone: '01812345678' },
  ]);
  await context.close();
});
