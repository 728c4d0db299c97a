// Browser journeys: the real `bikehaat` server with a fresh database, driven through
// Debian's Chromium by playwright-core. `npm run e2e` (needs the server built and
// `npm run build` done; see e2e/support/server.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // One server and one Chromium per file; two cores cannot run several at once well.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
