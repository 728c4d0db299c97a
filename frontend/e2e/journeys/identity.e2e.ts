// Proving an address and getting back in, through the pages on a phone: a new buyer
// confirms their address from the mailed link; someone who forgot their password asks
// for a link, chooses a new password and logs in with it. Mails are read from the
// server's outbox, as a person reads their inbox.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Api, PASSWORD } from '../support/api.ts';
import { launchBrowser, openContext, ownProfile, photo, PHONE, screenshot, toastSays } from '../support/browser.ts';
import { readMailLink } from '../support/mail.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

test('a new buyer confirms their address from the mailed link and the banner goes away', async () => {
  const { context, page } = await openContext(browser, server.url, PHONE);
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Nusrat Jahan');
  await page.getByLabel('Photo').setInputFiles(await photo(page));
  await page.getByLabel('Email').fill('nusrat@bikehaat.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await toastSays(page, 'Successfully Created Your buyer Account');

  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await banner.waitFor();
  expect(await banner.textContent()).toContain('we sent a link to nusrat@bikehaat.test');
  await screenshot(page, 'unverified-banner');

  await page.goto(await readMailLink(server.dataDir, 'nusrat@bikehaat.test', 'verify-email'));
  await page.getByText('This link confirms the account for').waitFor();
  await screenshot(page, 'confirm-account');
  await page.getByLabel('Password of this account').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.getByText('Your email address is confirmed.').waitFor();
  await screenshot(page, 'email-confirmed');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await page.getByRole('heading', { name: 'Buyer Dashboard' }).waitFor();
  expect(await banner.count()).toBe(0);
  await context.close();
});

test('someone who forgot their password gets a link, chooses a new one and logs in with it', async () => {
  const api = new Api(server.url, server.dataDir);
  await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'seller');
  const { context, page } = await openContext(browser, server.url, PHONE);
  await page.goto('/login');
  await page.getByLabel('Email').fill('karim@bikehaat.test');
  await page.getByRole('link', { name: 'Forgot Your Password' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe('karim@bikehaat.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('a link to choose a new password is on its way').waitFor();
  await screenshot(page, 'forgot-password-sent');

  await page.goto(await readMailLink(server.dataDir, 'karim@bikehaat.test', 'reset-password'));
  await page.getByLabel('New password').fill('abc');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByText('Password must be 6 characters or more').waitFor();
  await screenshot(page, 'reset-password-errors');
  await page.getByLabel('New password').fill('Sylhet#2028x');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await toastSays(page, 'Your password is changed. Please log in.');
  await page.waitForURL('**/login');

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await toastSays(page, 'Incorrect email or password.');
  await page.getByLabel('Password').fill('Sylhet#2028x');
  await page.getByRole('button', { name: 'Login' }).click();
  await toastSays(page, 'Login Successful');
  await page.waitForURL((url) => url.pathname === '/');
  // The same account, confirmed: the profile says so, and no banner.
  const profile = await ownProfile(page);
  expect(profile).toMatchObject({ name: 'Karim Uddin', role: 'seller', emailVerified: true });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.getByRole('region', { name: 'Confirm your email' }).count()).toBe(0);
  await context.close();
});
