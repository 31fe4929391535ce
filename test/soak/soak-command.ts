// The crash loop from the command line: SIGKILL the real server at random moments during a stream
// of writes, N times on each database, and check what survived (soak.ts beside this file).
// usage: npm run soak -- [--cycles 50] [--seed N] [--backend pglite|postgres]
//   SOAK_SEED=N repeats a run; PostgreSQL is soaked too when TEST_DATABASE_URL is set.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runSoak, summarize, type SoakBackend } from './soak';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    seed: { type: 'string' },
    backend: { type: 'string', multiple: true },
  },
});
const cycles = Number(values.cycles);
const seed = Number(values.seed ?? process.env.SOAK_SEED ?? randomInt(2 ** 31));
if (!Number.isInteger(cycles) || cycles < 1) throw new Error(`--cycles must be a whole number, 1 or more`);
if (!Number.isInteger(seed) || seed < 0) throw new Error(`the seed must be a whole number, 0 or more`);
const backends = (values.backend ??
  (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'])) as SoakBackend[];
for (const backend of backends) {
  if (backend !== 'pglite' && backend !== 'postgres') throw new Error(`unknown backend ${String(backend)}`);
  if (backend === 'postgres' && !process.env.TEST_DATABASE_URL) {
    throw new Error('--backend postgres needs TEST_DATABASE_URL (an admin connection URL)');
  }
}

console.log(`soak seed ${seed} (repeat with SOAK_SEED=${seed})`);
let failed = false;
for (const backend of backends) {
  const result = await runSoak({ backend, cycles, seed, log: (line) => console.log(line) });
  for (const problem of result.problems) console.log(`PROBLEM ${problem}`);
  if (result.problems.length) {
    failed = true;
    console.log(`the data folder is kept for a look: ${result.dataDir}`);
  }
  console.log(summarize(result));
}
process.exitCode = failed ? 1 : 0;
