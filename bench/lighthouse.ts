// Lighthouse (mobile, simulated throttling) performance and accessibility scores for the public
// pages and, signed in on a farm seeded with a season (npm run seed:farm), /home, /my-animals,
// /production and the heaviest cold visits (an animal's page and its edit page, standing for the
// forms: bench/bundle-size.ts names the heaviest), against a freshly started production build
// (dist/server/main.js). Budget: performance ≥ 95.
// Lighthouse is fetched on demand (npx) rather than kept as a dependency: it is large and only
// this benchmark needs it. usage: npm run build && npm run bench:lighthouse [-- --only /home]
// (pages whose path starts so, or by name: --only animal, --only animal-edit)
// [--runs 5] (one page, and each page measured several times: a score varies ±8 between identical
// runs on a 2-core machine, so compare medians).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const only = option('only');
const runs = Number(option('runs') ?? 1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const port = 3390 + Math.floor(Math.random() * 9);
const chromeFlags =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
if (!existsSync('dist/server/main.js')) throw new Error('Run npm run build first.');
const dataDir = mkdtempSync(join(tmpdir(), 'paddock-lh-'));
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) =>
  server.stdout.on('data', (chunk: Buffer) => chunk.includes('Paddock is running') && resolve()),
);

/** Seeds a season on a new account through the running app; answers its session cookie and an animal. */
async function seededFarm(): Promise<{ cookie: string; animalId: string }> {
  const email = `lighthouse-${Date.now()}@paddock.example`;
  const password = 'correct horse battery';
  const printed = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/seed-farm.ts',
      '--url',
      base,
      '--outbox',
      join(dataDir, 'outbox'),
      '--email',
      email,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  process.stdout.write(printed);
  const animalId = /long-named goat: \S+\/animal\/([\w-]+)/.exec(printed)?.[1];
  if (!animalId) throw new Error('the seed printed no animal');
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, animalId };
}

try {
  const { cookie, animalId } = await seededFarm();
  const pages: { page: string; signedIn: boolean; name?: string }[] = [
    { page: '/', signedIn: false },
    { page: '/auth', signedIn: false },
    { page: '/home', signedIn: true },
    { page: '/my-animals', signedIn: true },
    { page: '/production', signedIn: true },
    // the heaviest cold visits of the app's pages (bench/bundle-size.ts names the heaviest): an
    // animal's page, and its edit page
    { page: `/animal/${animalId}`, signedIn: true, name: 'animal' },
    { page: `/animal/${animalId}/edit`, signedIn: true, name: 'animal-edit' },
  ];
  for (const { page, signedIn } of pages.filter(
    (one) => !only || one.page.startsWith(only) || one.name === only,
  )) {
    const scores: number[] = [];
    for (let run = 1; run <= runs; run++) scores.push(measure(page, signedIn, cookie));
    if (runs > 1)
      console.log(
        `${page.padEnd(11)} median performance ${median(scores)} of ${runs} runs (${scores.join(', ')})`,
      );
  }
} finally {
  server.kill('SIGTERM');
}

/** One Lighthouse run of a page: prints its scores and answers its performance score. */
function measure(page: string, signedIn: boolean, cookie: string): number {
  const output = join(tmpdir(), `paddock-lh-${page.replace(/\W/g, '') || 'landing'}.json`);
  const run = () =>
    execFileSync(
      'npx',
      [
        '--yes',
        'lighthouse@12.8.2',
        `http://localhost:${port}${page}`,
        '--only-categories=performance,accessibility',
        '--form-factor=mobile',
        `--chrome-flags=${chromeFlags}`,
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        ...(signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      },
    );
  try {
    run();
  } catch {
    // Lighthouse now and then loses its trace of the load ('NO_NAVSTART'): that run again, once
    console.log(`${page.padEnd(11)} Lighthouse failed to record that run: once more`);
    run();
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    finalDisplayedUrl: string;
    environment: { benchmarkIndex: number };
    categories: Record<string, { score: number }>;
    audits: Record<
      string,
      { displayValue?: string; details?: { items?: { items?: { node?: { nodeLabel?: string } }[] }[] } }
    >;
  };
  // what the LCP was: the page's largest text or image, as Lighthouse labels it
  const lcpElement =
    report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel;
  if (signedIn && new URL(report.finalDisplayedUrl).pathname !== page)
    throw new Error(`${page} ended at ${report.finalDisplayedUrl}: the session cookie was not used`);
  const performance = Math.round(report.categories.performance!.score * 100);
  console.log(
    `${page.padEnd(11)} performance ${performance} (budget ≥ 95${performance >= 95 ? ', OK' : ', BELOW'}), accessibility ${Math.round(report.categories.accessibility!.score * 100)}, ` +
      `FCP ${report.audits['first-contentful-paint']?.displayValue}, LCP ${report.audits['largest-contentful-paint']?.displayValue}, TBT ${report.audits['total-blocking-time']?.displayValue}, CLS ${report.audits['cumulative-layout-shift']?.displayValue}` +
      (lcpElement ? `, LCP element '${lcpElement.slice(0, 40)}'` : '') +
      // Lighthouse's measure of this machine's CPU (its 'CPU/Memory Power'): the 4x slowdown it
      // simulates a phone with is meant for a desktop of 1,500–2,000; a slower or busier machine
      // scores lower, so a score is compared with others of a like index
      `, CPU/Memory Power ${Math.round(report.environment.benchmarkIndex)}`,
  );
  return performance;
}
