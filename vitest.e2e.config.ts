// Browser tests (e2e/**/*.e2e.ts): the real server + the built SPA + a real SMTP server, driven by
// Chromium through playwright-core. Three files at a time (each starts its own server, database
// and browser context), since a journey spends part of its time waiting on the other side.
// Needs `npm run build` first (`npm test` does it).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    // three at a time: two left a fifth of the two cores idle, waiting on the other side
    // (decision 0048)
    maxWorkers: 3,
    // a worker imports Playwright, axe and the helpers once, not once per file
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
