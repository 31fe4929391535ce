// What the app keeps on the device (lib/query-client.ts): its copy of the reads is written when
// the page is idle, within a second of the last one. Offline journeys wait for that state — no
// read in flight, and a stored copy made after the last answer arrived — instead of a fixed time.
import type { Page, Request } from 'playwright-core';
import { eventually } from './checks';

/** Starts counting the page's own reads (not the test's API calls); call before the first visit. */
export async function watchDeviceCopy(page: Page): Promise<() => Promise<void>> {
  let readsInFlight = 0;
  await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
  const isRead = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const answered = (request: Request) => void (isRead(request) && readsInFlight--);
  page.on('request', (request) => void (isRead(request) && readsInFlight++));
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);

  return async function deviceCopyWritten() {
    await eventually(() => readsInFlight, 0, 'every read answered');
    await eventually(
      () =>
        page.evaluate(async () => {
          const answers = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/api/'))
            .map((entry) => performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd);
          const lastAnswer = Math.floor(Math.max(0, ...answers));
          const stored = await new Promise<number>((resolve) => {
            const open = indexedDB.open('paddock-cache');
            open.onerror = () => resolve(0);
            open.onsuccess = () => {
              const read = open.result.transaction('queries').objectStore('queries').get('reads');
              read.onerror = () => resolve(0);
              read.onsuccess = () => {
                open.result.close();
                resolve((read.result as { timestamp?: number } | undefined)?.timestamp ?? 0);
              };
            };
          });
          return stored >= lastAnswer;
        }),
      true,
      'the device copy holds the last answer',
    );
  };
}

/**
 * The service worker installed and in charge of the page (reloaded once if it was not yet), as on a
 * phone that has opened Paddock before: with no signal, the app's code comes from it.
 */
export async function workerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
}
