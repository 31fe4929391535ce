// Browser tests (e2e/**/*.e2e.ts): the real server + the built SPA + a real SMTP server, driven by
// Chromium through playwright-core. One file at a time: each starts a server and a browser (2 cores).
// Needs `npm run build` first (`npm test` does it).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
