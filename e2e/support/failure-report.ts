// Set up before each browser test file (vitest.e2e.config.ts): a failing test prints what its open
// pages showed and asked for (browser.ts, reportOpenPages), so that a failure seen once in CI can
// be understood from its log.
import { beforeEach } from 'vitest';
import { reportOpenPages } from './browser';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportOpenPages(task.name));
});
