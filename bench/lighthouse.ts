// Lighthouse (mobile, simulated throttling) performance and accessibility scores for the public
// pages, against a freshly started production build. Budget: performance ≥ 95.
// Lighthouse is fetched on demand (npx) rather than kept as a dependency: it is large and only
// this benchmark needs it. usage: npm run build && npm run bench:lighthouse
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = 3390 + Math.floor(Math.random() * 9);
const chromeFlags =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'paddock-lh-')),
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) =>
  server.stdout.on('data', (chunk: Buffer) => chunk.includes('Paddock is running') && resolve()),
);

try {
  for (const page of ['/', '/auth']) {
    const output = join(tmpdir(), `paddock-lh-${page.replace(/\W/g, '') || 'landing'}.json`);
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
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      },
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { displayValue?: string }>;
    };
    const performance = Math.round(report.categories.performance!.score * 100);
    console.log(
      `${page.padEnd(6)} performance ${performance} (budget ≥ 95${performance >= 95 ? ', OK' : ', BELOW'}), accessibility ${Math.round(report.categories.accessibility!.score * 100)}, ` +
        `FCP ${report.audits['first-contentful-paint']?.displayValue}, LCP ${report.audits['largest-contentful-paint']?.displayValue}, TBT ${report.audits['total-blocking-time']?.displayValue}`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
