import { defineConfig } from 'vitest/config';
import { longestFirst } from './test/support/longest-first.ts';

/**
 * The files that take longest (real server processes, the crash loop, the route × identity
 * matrix) start first: on a clean clone Vitest would go by file size, which put the 39-line crash
 * loop last.
 */
const longest = [
  'src/server/db/durability.test.ts',
  'test/soak/soak.test.ts',
  'src/server/backup/backup.test.ts',
  'src/server/http/authorization-matrix.test.ts',
  'src/server/features/export/export.test.ts',
  'src/server/db/other-farms-plans.test.ts',
  'src/server/auth/auth-hardening.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // PGlite takes ~300 MB per instance: few workers on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    // Each worker imports the app once, not once per file (99 s of the run's 403 s were imports):
    // every file builds its own app and database (test/support/test-app.ts) and closes them, and
    // no file changes another's modules (decision 0048).
    isolate: false,
    // Once per run: the compiled server for process tests, and migrated databases that each test
    // app copies (see test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    sequence: { sequencer: longestFirst(longest) },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
