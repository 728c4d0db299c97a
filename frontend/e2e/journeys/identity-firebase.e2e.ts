// Signing in with Firebase e-mail and password, through the pages on a phone, against
// the real Firebase Auth emulator: a new seller signs up, gets Firebase's verification
// mail again from the banner and confirms the address; then they forget the password,
// reset it from Firebase's mail (which signs out every session that knew the old one)
// and log in with the new one. Firebase's mails are read from the emulator's record of
// what it would have sent.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PASSWORD } from '../support/api.ts';
import { launchBrowser, openContext, ownProfile, photo, PHONE, screenshot, toastSays } from '../support/browser.ts';
import { PROJECT_ID, startAuthEmulator, type AuthEmulator } from '../support/firebase.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let emulator: AuthEmulator;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startServer({ firebase: { projectId: PROJECT_ID, emulatorHost: emulator.host } });
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser.close();
  await server.stop();
  await emulator.stop();
});

const EMAIL = 'tanvir@bikehaat.test';
const NEW_PASSWORD = 'Rajshahi#2029';

/** A session of the account on another device, started through the API. */
async function sessionElsewhere(email: string, password: string): Promise<string> {
  const idToken = await emulator.signIn(email, password);
  if (!idToken) throw new Error(`${email} cannot sign in with Firebase`);
  const answer = await fetch(`${server.url}/api/users/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** The users Firebase keeps signed in in this browser (its IndexedDB store). */
function rememberedFirebaseUsers(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((done) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            done([]);
            return;
          }
          const keys = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAllKeys();
          keys.onsuccess = () => {
            done(keys.result.map(String).filter((key) => key.startsWith('firebase:authUser:')));
          };
        };
        open.onerror = () => {
          done([]);
        };
      }),
  );
}

async function sessionWorks(token: string): Promise<boolean> {
  const answer = await fetch(`${server.url}/api/orders/${encodeURIComponent(EMAIL)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.status === 200;
}

test('a new seller signs up with Firebase and confirms the address from its mail', async () => {
  const { context, page } = await openContext(browser, server.url, PHONE);
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Tanvir Hasan');
  await page.getByLabel('Photo').setInputFiles(await photo(page, '#b45309'));
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByText('As a Seller').click();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await toastSays(page, 'Successfully Created Your seller Account');
  expect(await ownProfile(page)).toMatchObject({ role: 'seller', emailVerified: false });

  // Firebase mailed the link; the banner asks for it again.
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await banner.waitFor();
  expect(await emulator.mailedCodes(EMAIL, 'VERIFY_EMAIL')).toHaveLength(1);
  await banner.getByRole('button', { name: 'Resend' }).click();
  await toastSays(page, `We sent a new link to ${EMAIL}.`);
  const codes = await emulator.mailedCodes(EMAIL, 'VERIFY_EMAIL');
  expect(codes).toHaveLength(2);

  // The mail's link, through the site's Firebase action page.
  await page.goto(`/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(codes.at(-1) ?? '')}&lang=en`);
  await page.getByText('Your email address is confirmed.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/verify-email');
  await screenshot(page, 'firebase-email-confirmed');
  expect(await ownProfile(page)).toMatchObject({ role: 'seller', emailVerified: true });
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await page.getByRole('heading', { name: 'Seller Dashboard' }).waitFor();
  expect(await banner.count()).toBe(0);

  // The same link again is spent.
  await page.goto(`/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(codes.at(-1) ?? '')}`);
  await page.getByText('This link is no longer valid').waitFor();
  await context.close();
});

test('a forgotten Firebase password is reset from its mail, ending every old session', async () => {
  const elsewhere = await sessionElsewhere(EMAIL, PASSWORD);
  expect(await sessionWorks(elsewhere)).toBe(true);

  const { context, page } = await openContext(browser, server.url, PHONE);
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('link', { name: 'Forgot Your Password' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('a link to choose a new password is on its way').waitFor();
  const [code] = await emulator.mailedCodes(EMAIL, 'PASSWORD_RESET');
  expect(code).toBeTruthy();

  await page.goto(`/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(code ?? '')}&lang=en`);
  await page.getByText(`For ${EMAIL}.`).waitFor();
  await screenshot(page, 'firebase-reset-password');
  await page.getByLabel('New password').fill('abcdef12');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByText('Capital & Small Letter, Number & Special Character is required').waitFor();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await toastSays(page, 'Your password is changed. Please log in.');
  await page.waitForURL('**/login');

  expect(await sessionWorks(elsewhere)).toBe(false);
  expect(await emulator.signIn(EMAIL, PASSWORD)).toBeNull();

  expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await toastSays(page, 'Incorrect email or password.');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await toastSays(page, 'Login Successful');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Seller Dashboard' }).waitFor();

  // Signing out forgets the Firebase user too: a reload does not sign anyone back in.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await toastSays(page, 'LogOut Successful');
  await expect.poll(() => rememberedFirebaseUsers(page)).toEqual([]);
  await page.reload();
  await page.waitForURL('**/login');
  await context.close();
});
