// Browser tests (e2e/**/*.e2e.ts): the real server + the built SPA + a real SMTP server, driven by
// Chromium through playwright-core. Two files at a time (each starts its own server, database and
// browser context): 636 s one at a time in CI, 411 s two at a time on the same 2 cores, since a
// journey spends much of its time waiting on the other side.
// Needs `npm run build` first (`npm test` does it).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
