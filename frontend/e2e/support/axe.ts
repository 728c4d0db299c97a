// axe-core, the accessibility engine, run in a page as it is: what a screen reader,
// keyboard or low-vision reader would stumble on, by axe's own rules (WCAG 2.1 A and AA
// and its best practices).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe finds serious or critical on the page as it is now, one line each: the rule and where. */
export async function seriousProblems(page: Page): Promise<string[]> {
  // Evaluated by the browser's debugger, not as a page script: the page's CSP allows none inline.
  await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ['violations'] };
  const results = await page.evaluate(
    async (asked) => (window as unknown as { axe: { run(on: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, asked),
    options,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact ?? ''}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
