// Browser journeys: the real `bikehaat` server with a fresh database, driven through
// Debian's Chromium by playwright-core. `npm run e2e` (needs the server built and
// `npm run build` done; see e2e/support/server.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The journeys read the pages' own texts from their catalogs (`@/…/*.messages.ts`).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // One server and one Chromium per file; two cores cannot run several at once well.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
