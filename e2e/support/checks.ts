// Assertions shared by the journeys: accessibility (axe), no sideways scrolling on a small phone,
// and a few waits that read like what a person checks on the screen.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { narrowPhone, settled, waitTimeout } from './browser';

/** Fails on axe violations of impact serious or critical, listing each rule, its help and its targets. */
export async function expectNoSeriousA11yViolations(page: Page, where = page.url()) {
  // A page shows the device's copy of its data at once and refreshes it: a button enabled by the
  // answer fades from its disabled colour for a moment. Check the page once it has settled.
  await settled(page);
  // Legacy mode runs axe.run in the page itself; the default (runPartial in each frame, then
  // finishRun in a new blank page) took twice as long, and the app has no frames. Violations are
  // all we read.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length === 0) return;
  const viewport = page.viewportSize();
  const report = serious
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `      ${node.target.join(' ')}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, ' / ')}` : ''}`,
        )
        .join('\n');
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}`;
    })
    .join('\n');
  const message = `axe found ${serious.length} serious/critical violation(s) on ${where} at ${viewport?.width ?? '?'} px:\n${report}`;
  console.error(message);
  expect.fail(message);
}

/** At 360 px wide the page must not scroll sideways. Restores the viewport afterwards. */
export async function expectNoHorizontalScroll(page: Page, where = page.url()) {
  const before = page.viewportSize();
  await page.setViewportSize(narrowPhone);
  try {
    // let layout settle after the resize
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const result = await page.evaluate(() => {
      const root = document.documentElement;
      const overflowing = [...document.body.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
        .slice(0, 5)
        .map((element) => {
          const id = element.id ? `#${element.id}` : '';
          const classes =
            typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4) : [];
          return `${element.tagName.toLowerCase()}${id}${classes.map((name) => (name ? `.${name}` : '')).join('')}`;
        });
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, overflowing };
    });
    expect(
      result.scrollWidth,
      `${where} scrolls sideways at ${narrowPhone.width} px (scrollWidth ${result.scrollWidth} > clientWidth ${result.clientWidth}); wider than the screen: ${result.overflowing.join(', ') || 'none found'}`,
    ).toBeLessThanOrEqual(result.clientWidth);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/**
 * Reads `read()` until it equals `expected` or `timeout` passes, then fails like `expect().toBe()`.
 * (expect.poll works in tests only; this works in hooks too.)
 */
export async function eventually<T>(
  read: () => Promise<T> | T,
  expected: T,
  message: string,
  timeout = waitTimeout,
) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (Object.is(value, expected) || Date.now() > deadline) {
      expect(value, message).toBe(expected);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the element is on screen (fails with the locator in the message otherwise). */
export async function expectVisible(locator: Locator, timeout = waitTimeout) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until the page's path is `path` (compared with the query too when `path` has one). */
export async function expectPath(page: Page, path: string, timeout = waitTimeout) {
  await eventually(
    () => {
      const url = new URL(page.url());
      return path.includes('?') ? `${url.pathname}${url.search}` : url.pathname;
    },
    path,
    `expected to end on ${path}`,
    timeout,
  );
}

/** A toast (role=status region) with this title and, when given, this description. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page
    .getByRole('status')
    .getByTestId('toast')
    .filter({ has: page.getByText(title, { exact: true }) });
  const match = description ? toast.filter({ hasText: description }) : toast;
  await expectVisible(match);
}

/** The page title shown in the app shell's header. */
export const headerTitle = (page: Page) => page.getByRole('banner').getByRole('heading', { level: 1 });

export async function expectHeaderTitle(page: Page, title: string) {
  await eventually(() => headerTitle(page).textContent(), title, `the header's title on ${page.url()}`);
}

/**
 * Counts the page's layout shifts from its first paint (call before it opens a page); the answer
 * of `layoutShiftSum` is their sum, as Lighthouse's CLS adds them for one load.
 */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { paddockShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShiftSum = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { paddockShifts: number[] }).paddockShifts.reduce((sum, value) => sum + value, 0),
  );

/**
 * After a failed test (an afterEach's `task`): the address and text of every page still open in
 * the browser, a second person's included: the browser's side of the failure.
 */
export async function printPagesIfFailed(
  task: { name: string; result?: { state?: string } },
  browser: Browser,
) {
  if (task.result?.state !== 'fail') return;
  for (const page of browser.contexts().flatMap((context) => context.pages())) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((error: Error) => `(unreadable: ${error.message})`);
    console.error(`[${task.name}] ${page.url()}\n${text.slice(0, 1500)}`);
  }
}
