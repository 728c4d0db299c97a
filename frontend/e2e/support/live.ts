// Pages that change live: waiting until a page's socket listens, and proving a change
// arrived without a reload.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Marks the page so a reload (which would lose the mark) fails the journey. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { stayedOpen: boolean }).stayedOpen = true;
  });
}
export async function expectNoReload(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
}

/**
 * Opens `path` and waits until the page's live socket is listening: for a signed-in
 * page, until the server has accepted its token; for a visitor, until it is open.
 */
export async function openLive(page: Page, path: string, signedIn: boolean): Promise<void> {
  // Listen from the socket's first moment: the server's answer to the token can
  // arrive before a listener attached after the socket event would see it.
  const listening = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/api/live')) return;
      if (!signedIn) resolve();
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"auth"')) resolve();
      });
    });
  });
  await page.goto(path);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`the live socket of ${path} did not open`));
    }, 15_000);
  });
  await Promise.race([listening, timeout]).finally(() => {
    clearTimeout(timer);
  });
  // A visitor's socket has nothing to wait for but the server's side of the upgrade.
  if (!signedIn) await page.waitForTimeout(300);
}

/**
 * Watches `page` for a table row holding both `rowText` and `cellText`, noting the
 * moment (the page's own clock, in ms since the epoch) it is first drawn; read it with
 * `rowSeenAt`.
 */
export async function watchForRow(page: Page, rowText: string, cellText: string): Promise<void> {
  await page.evaluate(
    ([row, cell]) => {
      const w = window as unknown as { rowSeenAt?: number };
      const drawn = () =>
        [...document.querySelectorAll('tr')].some(
          (tr) => tr.textContent.includes(row) && tr.textContent.includes(cell),
        );
      const observer = new MutationObserver(() => {
        if (w.rowSeenAt === undefined && drawn()) {
          w.rowSeenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [rowText, cellText] as const,
  );
}

/** When the row `watchForRow` waited for was drawn (Infinity if it never was). */
export async function rowSeenAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { rowSeenAt?: number }).rowSeenAt ?? Infinity);
}

