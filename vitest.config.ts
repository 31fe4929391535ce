import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest (real server processes, the crash loop, the route × identity
 * matrix): they start first, so that the two workers do not end with one of them alone on a long
 * file. Vitest orders by the last run's durations when it has them, but a clean clone (CI) has
 * none, and there it orders by file size, which put the 39-line crash loop last.
 */
const longestFirst = [
  'src/server/db/durability.test.ts',
  'test/soak/soak.test.ts',
  'src/server/backup/backup.test.ts',
  'src/server/http/authorization-matrix.test.ts',
  'src/server/features/export/export.test.ts',
  'src/server/auth/auth-hardening.test.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = longestFirst.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? longestFirst.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
