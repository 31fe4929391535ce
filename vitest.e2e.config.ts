// Browser tests (e2e/**/*.e2e.ts): the real server + the built SPA + a real SMTP server, driven by
// Chromium through playwright-core. Two files at a time (each starts its own server, database
// and browser context), since a journey spends part of its time waiting on the other side.
// Needs `npm run build` first (`npm test` does it).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    // two at a time: three was 10 % faster but failed waits under load (two journeys in one run
    // on this machine), and CI's machine is slower (decision 0048)
    maxWorkers: 2,
    // a worker imports Playwright, axe and the helpers once, not once per file
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
