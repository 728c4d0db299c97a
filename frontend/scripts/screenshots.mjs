// Screenshots of the main pages at phone and desktop widths, for a human to look at.
// Usage: node scripts/screenshots.mjs [base-url]   (default http://127.0.0.1:18090)
// LOCALE=bn-BD opens the pages as a browser set to Bangla does (names end in -bn).
// Needs a running `bikehaat serve` that serves the built front end, and Chromium.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:18090';
const pages = (process.env.PAGES ?? '/,/login,/signup,/blog,/no-such-page').split(',');
const widths = [390, 1440];
const out = new URL('../screenshots/', import.meta.url);
await mkdir(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      deviceScaleFactor: 1,
      ...(process.env.LOCALE ? { locale: process.env.LOCALE } : {}),
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[${String(width)}] console error:`, message.text());
    });
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = `${path === '/' ? 'home' : path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${String(width)}${process.env.LOCALE ? `-${process.env.LOCALE.split('-')[0]}` : ''}.png`;
      await page.screenshot({ path: new URL(name, out).pathname, fullPage: process.env.FULL !== '0' });
      console.log('saved', name);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
