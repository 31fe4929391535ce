// The long run of the generated-input suite (src/server/http/fuzz.test.ts): 20,000 requests per
// database by default, on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (as in CI).
// usage: npm run fuzz [-- --runs N --seed S]   (or FUZZ_RUNS / FUZZ_SEED); the seed is printed so
// that a failing run can be repeated exactly.
import { spawnSync } from 'node:child_process';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const runs = Number(option('runs') ?? process.env.FUZZ_RUNS ?? 20_000);
const seed = Number(option('seed') ?? process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S]');
  process.exit(2);
}
const databases = process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite';
console.log(`fuzz: seed ${seed}, ${runs} requests on each of ${databases}`);

const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', 'src/server/http/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
});
console.log(
  `fuzz: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s (FUZZ_SEED=${seed} FUZZ_RUNS=${runs} repeats it)`,
);
process.exit(result.status ?? 1);
