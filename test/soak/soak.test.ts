// The crash loop in CI: a few SIGKILLs of the real server during a stream of writes, on each
// database; fails on any lost or changed write, half batch, orphan photo file or failed start.
// `npm run soak -- --cycles 50` runs the long version; SOAK_SEED repeats a run.
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, inject, it, onTestFailed } from 'vitest';
import { runSoak, summarize, type SoakBackend } from './soak';

const backends: SoakBackend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const seed = Number(process.env.SOAK_SEED ?? randomInt(2 ** 31));
const cycles = 3;

describe.each(backends)('crash loop on %s', (backend) => {
  it(
    `keeps every acknowledged write through ${cycles} kill -9 restarts, with no half batch and no orphan file`,
    async () => {
      const lines: string[] = [];
      onTestFailed(() => console.log(lines.join('\n')));
      // the server as `npm start` runs it, compiled once for the run by global-setup.ts
      const serverArgs = ['--enable-source-maps', join(inject('compiledServer'), 'main.js')];
      const result = await runSoak({ backend, cycles, seed, serverArgs, log: (line) => lines.push(line) });
      lines.push(...result.problems.map((problem) => `PROBLEM ${problem}`), summarize(result));
      console.log(summarize(result));

      expect(result.problems, `seed ${seed}; repeat with SOAK_SEED=${seed}`).toEqual([]);
      expect(result).toMatchObject({
        lostWrites: 0,
        changedWrites: 0,
        halfBatches: 0,
        orphanFiles: 0,
        missingPhotoFiles: 0,
        failedStarts: 0,
        unexpectedResponses: 0,
        unexpectedRecords: 0,
      });
      // the soak did write, and the server came back after each kill to be checked
      expect(result.acknowledgedWrites).toBeGreaterThan(0);
    },
    // four starts of the real server (a few seconds each on a busy 2-core machine) and the checks
    240_000,
  );
});
