// Every screen of docs/product.md ('Screens and routes'), as the role that sees it, at
// phone (390 px) and desktop (1440 px) widths, and in Bangla on a phone: it renders its
// heading, nothing overflows the screen sideways, no script error happens, axe finds
// nothing serious or critical, and a screenshot lands in screenshots/ for a human to read. The Bangla headings and buttons
// are read from the pages' own catalogs.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Api, type Person } from '../support/api.ts';
import { seriousProblems } from '../support/axe.ts';
import { confirmInDialog, DESKTOP, launchBrowser, openContext, PHONE, screenshot, signInAs } from '../support/browser.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from '../support/server.ts';
import { dashboardLayoutMessages } from '@/app/layouts/dashboard-layout.messages.ts';
import { categoryMessages } from '@/app/routes/category.messages.ts';
import { notFoundMessages } from '@/app/routes/not-found.messages.ts';
import { wishlistMessages } from '@/app/routes/wishlist.messages.ts';
import { auditMessages } from '@/features/audit/audit.messages.ts';
import { authMessages } from '@/features/auth/auth.messages.ts';
import { blogMessages } from '@/features/blog/pages/blog.messages.ts';
import { bookingsMessages } from '@/features/bookings/components/bookings.messages.ts';
import { dealsMessages } from '@/features/deals/deals.messages.ts';
import { homeMessages } from '@/features/home/components/home.messages.ts';
import { listingActionsMessages } from '@/features/listing/components/listing-actions.messages.ts';
import { listingReviewMessages } from '@/features/listing-review/listing-review.messages.ts';
import { searchPageMessages } from '@/features/search/pages/search-page.messages.ts';
import { sellingMessages } from '@/features/selling/selling.messages.ts';

let server: RunningServer;
let browser: Browser;
let api: Api;
let people: Record<'buyer' | 'seller' | 'admin', Person>;
let categoryId: string;
let bookingId: string;
let openId: string;
/** The buyer's booking their card holds the price of. */
let heldId: string;

beforeAll(async () => {
  server = await startServer({ demo: true });
  browser = await launchBrowser();
  api = new Api(server.url, server.dataDir);
  const admin = await api.signUpAdmin(ADMIN_EMAIL, 'Ayesha Admin');
  const seller = await api.signUp('rahim@bikehaat.test', 'Rahim Motors', 'seller');
  const buyer = await api.signUp('karim@bikehaat.test', 'Karim Uddin', 'buyer');
  people = { admin, seller, buyer };
  categoryId = await api.category(admin, 'Electric & Hybrid');
  const sold = await api.listing(seller, categoryId, 'Yamaha Ray ZR 125');
  const open = await api.listing(seller, categoryId, 'Honda Dio 110', 1150);
  // One the buyer has not booked, for the booking form.
  await api.listing(seller, categoryId, 'TVS Jupiter 125', 980);
  await api.advertise(seller, open);
  heldId = await api.book(buyer, sold);
  await api.pay(buyer, heldId);
  bookingId = await api.book(buyer, open);
  openId = open;
  await api.report(buyer, open);
  // The buyer's wishlist: a bike still for sale, and one sold.
  await api.saveToWishlist(buyer, sold);
  await api.saveToWishlist(buyer, open);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

interface Screen {
  name: string;
  path: () => string;
  as?: 'buyer' | 'seller' | 'admin';
  heading: string | RegExp;
  /** Something to do before the screenshot (open a modal, submit an empty form). */
  then?: (page: Page) => Promise<void>;
  /** A call the screen expects the server to refuse, as "POST /api/orders". */
  refuses?: string;
  /** A dialog is seen on the screen, not on the whole page's length. */
  dialog?: boolean;
  /** The screen in Bangla: its heading, and what to do before the screenshot there. */
  bn?: { heading: string | RegExp; then?: (page: Page) => Promise<void> };
}

const bn = {
  buyer: dashboardLayoutMessages.bn.buyerDashboard,
  seller: dashboardLayoutMessages.bn.sellerDashboard,
  admin: dashboardLayoutMessages.bn.adminDashboard,
};

const screens: Screen[] = [
  { name: 'home', path: () => '/', heading: /Hey Bike Lovers/, bn: { heading: new RegExp(homeMessages.bn.heroTitle) } },
  { name: 'login', path: () => '/login', heading: 'Login', bn: { heading: authMessages.bn.loginTitle } },
  {
    name: 'login-errors',
    path: () => '/login',
    heading: 'Login',
    then: async (page) => {
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Email Address is required').waitFor();
    },
    bn: {
      heading: authMessages.bn.loginTitle,
      then: async (page) => {
        await page.getByRole('button', { name: authMessages.bn.loginButton, exact: true }).click();
        await page.getByText(authMessages.bn.emailRequired).waitFor();
      },
    },
  },
  { name: 'signup', path: () => '/signup', heading: 'Sign Up', bn: { heading: authMessages.bn.signupTitle } },
  { name: 'products', path: () => '/products', heading: 'Find the right bike', bn: { heading: searchPageMessages.bn.heading } },
  {
    name: 'blog',
    path: () => '/blog',
    heading: 'Guides for buying and selling a used bike',
    bn: { heading: blogMessages.bn.title },
  },
  {
    name: 'not-found',
    path: () => '/no-such-page',
    heading: "Sorry, we couldn't find this page",
    bn: { heading: notFoundMessages.bn.title },
  },
  {
    name: 'category',
    path: () => `/category/${categoryId}`,
    as: 'buyer',
    heading: 'Choose Your Dream Bike',
    bn: { heading: categoryMessages.bn.title },
  },
  {
    name: 'order-modal',
    path: () => `/category/${categoryId}`,
    as: 'buyer',
    heading: 'Choose Your Dream Bike',
    dialog: true,
    then: async (page) => {
      await page.getByRole('article', { name: 'TVS Jupiter 125' }).getByRole('button', { name: 'Book Now' }).click();
      await page.getByRole('dialog', { name: 'Your Order' }).waitFor();
    },
    bn: {
      heading: categoryMessages.bn.title,
      then: async (page) => {
        await page
          .getByRole('article', { name: 'TVS Jupiter 125' })
          .getByRole('button', { name: listingActionsMessages.bn.bookNow })
          .click();
        await page.getByRole('dialog', { name: bookingsMessages.bn.orderTitle }).waitFor();
      },
    },
  },
  {
    // The server refuses the phone number: the form stays open on that field, and the toast
    // shows clear of the dialog's title and close button.
    name: 'order-modal-refused',
    path: () => `/category/${categoryId}`,
    as: 'buyer',
    heading: 'Choose Your Dream Bike',
    refuses: 'POST /api/orders',
    dialog: true,
    then: async (page) => {
      await page.getByRole('article', { name: 'TVS Jupiter 125' }).getByRole('button', { name: 'Book Now' }).click();
      const modal = page.getByRole('dialog', { name: 'Your Order' });
      await modal.getByLabel('Phone number').fill('call me');
      await modal.getByLabel('Meeting location').fill('Banani 11, Dhaka');
      await modal.getByRole('button', { name: 'Submit' }).click();
      await confirmInDialog(page, 'Book TVS Jupiter 125?', 'Are you sure, You want to Book this product?', 'Yes, book');
      await modal.getByText('Please enter a valid phone number').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('order-phone');
      const toasts = page.locator('.Toastify__toast-container');
      // Held under the pointer, the toast waits for the screenshot instead of closing.
      await toasts.locator('.Toastify__toast').first().hover();
      const toastBox = await toasts.boundingBox();
      const header = [modal.getByRole('heading', { name: 'Your Order' }), modal.getByRole('button', { name: 'Close' })];
      for (const part of header) {
        expect(overlap(toastBox, await part.boundingBox()), 'a toast covers the dialog’s header').toBe(false);
      }
    },
  },
  { name: 'dashboard-buyer', path: () => '/dashboard', as: 'buyer', heading: 'Buyer Dashboard', bn: { heading: bn.buyer } },
  { name: 'my-orders', path: () => '/dashboard/my-orders', as: 'buyer', heading: 'Buyer Dashboard', bn: { heading: bn.buyer } },
  {
    name: 'wishlist',
    path: () => '/dashboard/wishlist',
    as: 'buyer',
    heading: 'My Wishlist',
    bn: { heading: wishlistMessages.bn.title },
  },
  {
    name: 'payment',
    path: () => `/dashboard/stripe-payment/${bookingId}`,
    as: 'buyer',
    heading: 'Buyer Dashboard',
    bn: { heading: bn.buyer },
  },
  { name: 'add-product', path: () => '/dashboard/add-product', as: 'seller', heading: 'Seller Dashboard', bn: { heading: bn.seller } },
  {
    name: 'add-product-errors',
    path: () => '/dashboard/add-product',
    as: 'seller',
    heading: 'Seller Dashboard',
    then: async (page) => {
      await page.getByRole('button', { name: 'Add product' }).click();
      await page.getByText('Description is required').waitFor();
    },
    bn: {
      heading: bn.seller,
      then: async (page) => {
        await page.getByRole('button', { name: sellingMessages.bn.addProduct }).click();
        await page.getByText(sellingMessages.bn.descriptionRequired).waitFor();
      },
    },
  },
  {
    name: 'seller-products',
    path: () => '/dashboard/seller-products',
    as: 'seller',
    heading: 'Seller Dashboard',
    bn: { heading: bn.seller },
  },
  {
    // Every action that changes something asks first in this dialog; Delete stands for them all.
    name: 'confirm-delete',
    path: () => '/dashboard/seller-products',
    as: 'seller',
    heading: 'Seller Dashboard',
    dialog: true,
    then: async (page) => {
      await page.getByRole('row').filter({ hasText: 'Honda Dio 110' }).getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete Honda Dio 110?' });
      await dialog.waitFor();
      const keep = dialog.getByRole('button', { name: 'Keep it' });
      expect(await keep.evaluate((button) => button === document.activeElement)).toBe(true);
    },
  },
  {
    name: 'edit-product',
    path: () => `/dashboard/edit-product/${openId}`,
    as: 'seller',
    heading: 'Seller Dashboard',
    bn: { heading: bn.seller },
  },
  { name: 'my-buyers', path: () => '/dashboard/my-buyers', as: 'seller', heading: 'Seller Dashboard', bn: { heading: bn.seller } },
  {
    name: 'notifications',
    path: () => '/dashboard/notifications',
    as: 'seller',
    heading: 'Seller Dashboard',
    bn: { heading: bn.seller },
  },
  {
    // On a desktop the bell opens its dropdown; on a phone it is a link to the page above.
    name: 'notification-bell',
    path: () => '/dashboard/my-buyers',
    as: 'seller',
    heading: 'Seller Dashboard',
    then: async (page) => {
      const bell = page.getByRole('button', { name: /^Notifications/ });
      if (await bell.isVisible()) {
        await bell.click();
        await page.getByRole('region', { name: 'Notifications', exact: true }).waitFor();
      }
    },
  },
  { name: 'add-category', path: () => '/dashboard/add-category', as: 'admin', heading: 'Admin Dashboard', bn: { heading: bn.admin } },
  { name: 'all-seller', path: () => '/dashboard/all-seller', as: 'admin', heading: 'Admin Dashboard', bn: { heading: bn.admin } },
  {
    name: 'listing-reviews',
    path: () => '/dashboard/listing-reviews',
    as: 'admin',
    heading: 'Listing review',
    bn: { heading: listingReviewMessages.bn.title },
  },
  { name: 'all-buyer', path: () => '/dashboard/all-buyer', as: 'admin', heading: 'Admin Dashboard', bn: { heading: bn.admin } },
  {
    name: 'reported-products',
    path: () => '/dashboard/reported-products',
    as: 'admin',
    heading: 'Admin Dashboard',
    bn: { heading: bn.admin },
  },
  { name: 'deals', path: () => '/dashboard/deals', as: 'admin', heading: 'Deals', bn: { heading: dealsMessages.bn.deals } },
  {
    name: 'audit',
    path: () => '/dashboard/audit',
    as: 'admin',
    heading: 'Audit log',
    bn: { heading: auditMessages.bn.title },
  },
  {
    name: 'deal',
    path: () => `/dashboard/deals/${heldId}`,
    as: 'admin',
    heading: 'Timeline',
    bn: { heading: dealsMessages.bn.timeline },
  },
];

/** Opens `screen` at `viewport`, in English or, with `bangla`, in Bangla, and checks it. */
async function visit(screen: Screen, viewport: { width: number; height: number }, bangla = false): Promise<void> {
  const { context, page } = await openContext(browser, server.url, viewport, bangla ? 'bn-BD' : 'en-US');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A failed load is reported below with its address.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('response', (response) => {
    const call = `${response.request().method()} ${new URL(response.url()).pathname}`;
    if (response.status() >= 400 && call !== screen.refuses) {
      errors.push(`${String(response.status())} ${response.url()}`);
    }
  });
  if (screen.as) await signInAs(page, people[screen.as]);
  await page.goto(screen.path());
  const shown = bangla ? screen.bn : screen;
  if (!shown) throw new Error(`${screen.name} has no Bangla to show`);
  await page.getByRole('heading', { name: shown.heading }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.locator('html').getAttribute('lang')).toBe(bangla ? 'bn-BD' : 'en');
  await shown.then?.(page);
  // Images decoded, so the screenshot shows the page as a person would see it.
  await page.evaluate(async () => {
    // A full-page screenshot shows the images below the fold too: load them now.
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    const settled = Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await Promise.race([settled, new Promise((done) => setTimeout(done, 5000))]);
  });
  await screenshot(page, bangla ? `bn-${screen.name}` : screen.name, { fullPage: !screen.dialog });

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  expect(await seriousProblems(page), 'accessibility problems').toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('on a %s', (_, viewport) => {
  test.each(screens.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
    await visit(screen, viewport);
  });
});

describe('in Bangla on a phone', () => {
  beforeAll(async () => {
    // Signed in, a page opens in its account's language.
    for (const person of Object.values(people)) await api.language(person, 'bn');
  });

  test.each(screens.filter((screen) => screen.bn).map((screen) => [screen.name, screen] as const))(
    '%s',
    async (_name, screen) => {
      await visit(screen, PHONE, true);
    },
  );
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes on the screen share any pixel. */
function overlap(a: Box | null, b: Box | null): boolean {
  if (!a || !b) throw new Error('measured something that is not on the screen');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
