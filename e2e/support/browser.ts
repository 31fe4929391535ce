// The browser for the e2e suites: Debian's Chromium (or CHROME_PATH) driven by playwright-core.
// Missing browser: CI fails loudly; a developer's machine skips the suites with a loud warning.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { browserTimeZone } from './day-turn';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';

/** The full browser (Debian's package chromium): it has what the shell lacks, Push and notifications. */
const fullChromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const headlessShellPath = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Debian's headless shell (package chromium-headless-shell: Chromium's old headless mode, what
 * Playwright itself runs for headless tests) when installed, else the full browser: the same
 * Blink for a page, with a third less CPU a journey (no browser behind the page; decision 0057).
 */
export const chromePath =
  process.env.CHROME_PATH || (existsSync(headlessShellPath) ? headlessShellPath : fullChromePath);

/** false on a machine without Chromium (outside CI): the suites are skipped, see the warning. */
export const browserAvailable = existsSync(chromePath) && existsSync(fullChromePath);

if (!browserAvailable) {
  const missing = existsSync(chromePath) ? fullChromePath : chromePath;
  const problem = `No Chromium at ${missing} (set CHROME_PATH to another browser binary).`;
  if (process.env.CI === 'true') {
    throw new Error(
      `${problem} The browser tests cannot run, and CI must not pass without them: apt-get install -y chromium`,
    );
  }
  const bar = '!'.repeat(78);
  console.warn(
    [
      '',
      bar,
      `!!  BROWSER TESTS SKIPPED: ${problem}`,
      '!!  Install it with:  sudo apt-get install -y chromium',
      '!!  (in CI, CI=true, a missing browser is an error instead)',
      bar,
      '',
    ].join('\n'),
  );
}

const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: launchArgs });
}

/**
 * The worker's browser: launched for its first test file and kept for the next ones (the e2e
 * config does not isolate files, so this module lives as long as the worker), or launched again
 * if a file's tests brought it down. Playwright ends it with the worker process.
 */
let workerBrowser: Promise<Browser> | undefined;

/**
 * The browser for a test file's tests (each makes its own contexts, and closes them). `push`: the
 * full browser instead, for the file's own tests only (the shell has no PushManager).
 */
export function sharedBrowser(options: { push?: boolean } = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (options.push) {
      browser = await launchBrowser(fullChromePath);
      return;
    }
    const running = await workerBrowser;
    if (!running?.isConnected()) workerBrowser = launchBrowser(chromePath);
    browser = await workerBrowser;
  });
  afterAll(async () => {
    if (options.push) await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running yet');
    return browser;
  };
}

export { browserTimeZone };
export const phone = { width: 390, height: 844 };
export const narrowPhone = { width: 360, height: 740 };
export const desktop = { width: 1280, height: 800 };
/** How long a step waits for the page to show what it expects (checks.ts's waits too). */
export const waitTimeout = 20_000;

/**
 * A fresh context (its own cookies) and a page in it. Uncaught page errors are printed, so that a
 * failing step comes with the browser's side of the story.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: phone,
    locale: 'en-US',
    timezoneId: browserTimeZone,
    ...options,
  });
  // three journeys share two cores (vitest.e2e.config.ts): a step waits up to 20 s, a page load 30 s
  context.setDefaultTimeout(waitTimeout);
  context.setDefaultNavigationTimeout(30_000);
  countRequests(context);
  context.on('page', watchPage);
  const page = await context.newPage();
  return { context, page };
}

/** One request a page made, as a failure report shows it. */
type Exchange = { request: Request; started: number; status?: number; outcome?: string };

/** Each open page's latest loads and API requests (the last 20), for a failing test's report. */
const openPages = new Map<Page, Exchange[]>();

/** Prints a page's uncaught errors, and keeps its latest requests while it is open. */
function watchPage(page: Page) {
  page.on('pageerror', (error) =>
    console.error(`[browser] uncaught error on ${page.url()}: ${error.message}`),
  );
  const exchanges: Exchange[] = [];
  openPages.set(page, exchanges);
  page.on('close', () => openPages.delete(page));
  const find = (request: Request) => exchanges.find((exchange) => exchange.request === request);
  const took = (exchange: Exchange) => `${Date.now() - exchange.started} ms`;
  page.on('request', (request) => {
    // the page's loads and its reads and writes; not its scripts, styles and images
    if (!['document', 'fetch', 'xhr'].includes(request.resourceType())) return;
    exchanges.push({ request, started: Date.now() });
    if (exchanges.length > 20) exchanges.shift();
  });
  // (the status from the response event: asking a finished request for its response is a promise
  // that fails once the page has closed)
  page.on('response', (response) => {
    const exchange = find(response.request());
    if (exchange) exchange.status = response.status();
  });
  page.on('requestfinished', (request) => {
    const exchange = find(request);
    if (exchange) exchange.outcome = `${exchange.status ?? 'no response'} in ${took(exchange)}`;
  });
  page.on('requestfailed', (request) => {
    const exchange = find(request);
    if (exchange)
      exchange.outcome = `failed (${request.failure()?.errorText ?? 'unknown'}) in ${took(exchange)}`;
  });
}

/**
 * What every open page shows when a test fails: its address, the text of its main landmark (or
 * body), its latest requests and their outcomes, and a screenshot in the system's temporary
 * folder. A wait that ran out says what it did not find; this says what was there instead.
 */
export async function reportOpenPages(testName: string) {
  let index = 0;
  for (const [page, exchanges] of openPages) {
    index += 1;
    const lines = [`[failure report] ${testName}, page ${index}: ${page.url()}`];
    try {
      const text = await page.locator('main').or(page.locator('body')).first().innerText({ timeout: 2_000 });
      lines.push(`  shows: ${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 600))}`);
    } catch (error) {
      lines.push(`  shows: (unreadable: ${(error as Error).message.split('\n')[0]})`);
    }
    lines.push('  latest requests:');
    for (const { request, outcome } of exchanges) {
      const url = new URL(request.url());
      lines.push(`    ${request.method()} ${url.pathname}${url.search} → ${outcome ?? 'pending'}`);
    }
    const file = join(
      tmpdir(),
      'paddock-e2e-failures',
      `${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}.png`,
    );
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
      lines.push(`  screenshot: ${file}`);
    } catch (error) {
      lines.push(`  screenshot: (failed: ${(error as Error).message.split('\n')[0]})`);
    }
    console.error(lines.join('\n'));
  }
}

/** The requests each context of openPage has in flight (what `settled` waits out). */
const requestsInFlight = new WeakMap<BrowserContext, Set<Request>>();

function countRequests(context: BrowserContext) {
  const inFlight = new Set<Request>();
  requestsInFlight.set(context, inFlight);
  context.on('request', (request) => inFlight.add(request));
  context.on('requestfinished', (request) => inFlight.delete(request));
  context.on('requestfailed', (request) => inFlight.delete(request));
}

/**
 * Waits until the page has settled: no request of its context in flight for 150 ms (at most 5 s),
 * then every finite animation and transition on it finished. Like Playwright's 'networkidle'
 * (500 ms without a connection), but a settled page is checked at once: axe at every page of a
 * journey spent a third of its time in those 500 ms.
 */
export async function settled(page: Page) {
  const inFlight = requestsInFlight.get(page.context());
  if (!inFlight) {
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  } else {
    const deadline = Date.now() + 5_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 150) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
