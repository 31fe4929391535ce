// The browser for the e2e suites: Debian's Chromium (or CHROME_PATH) driven by playwright-core.
// Missing browser: CI fails loudly; a developer's machine skips the suites with a loud warning.
import { existsSync } from 'node:fs';
import { beforeAll } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** false on a machine without Chromium (outside CI): the suites are skipped, see the warning. */
export const browserAvailable = existsSync(chromePath);

if (!browserAvailable) {
  const problem = `No Chromium at ${chromePath} (set CHROME_PATH to another browser binary).`;
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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, headless: true, args: launchArgs });
}

/**
 * The worker's browser: launched for its first test file and kept for the next ones (the e2e
 * config does not isolate files, so this module lives as long as the worker), or launched again
 * if a file's tests brought it down. Playwright ends it with the worker process.
 */
let workerBrowser: Promise<Browser> | undefined;

/** The browser for a test file's tests (each makes its own contexts, and closes them). */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const running = await workerBrowser;
    if (!running?.isConnected()) workerBrowser = launchBrowser();
    browser = await workerBrowser;
  });
  return () => {
    if (!browser) throw new Error('the browser is not running yet');
    return browser;
  };
}

export const phone = { width: 390, height: 844 };
export const narrowPhone = { width: 360, height: 740 };
export const desktop = { width: 1280, height: 800 };
/** How long a step waits for the page to show what it expects (checks.ts's waits too). */
export const waitTimeout = 20_000;
/** The zone every test browser lives in: a test that writes a date the page shows uses it too. */
export const browserTimeZone = 'America/Chicago';

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
  const page = await context.newPage();
  page.on('pageerror', (error) =>
    console.error(`[browser] uncaught error on ${page.url()}: ${error.message}`),
  );
  return { context, page };
}
