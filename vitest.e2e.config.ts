// Browser tests (e2e/**/*.e2e.ts): the real server + the built SPA + a real SMTP server, driven by
// Chromium through playwright-core. Two files at a time (each starts its own server, database
// and browser context), since a journey spends part of its time waiting on the other side.
// Needs `npm run build` first (`npm test` does it).
import { defineConfig } from 'vitest/config';
import { longestFirst } from './test/support/longest-first.ts';

/**
 * The longest journeys (a minute or more each, measured) start first: on a clean clone Vitest
 * would go by file size, and a run here started phone-layout at 551 s of 618.
 */
const longest = ['phone-layout', 'scan-tag', 'offline', 'care', 'herd', 'milk'].map(
  (name) => `${name}.e2e.ts`,
);

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // a migrated database of each kind, copied by each journey's stack
    globalSetup: ['e2e/support/global-setup.ts'],
    // a failing test prints its open pages' text and latest requests (e2e/support/failure-report.ts)
    setupFiles: ['e2e/support/failure-report.ts'],
    sequence: { sequencer: longestFirst(longest) },
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
