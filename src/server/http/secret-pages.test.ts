// The pages whose address is a secret (issue 23, item 11): a shared health record, an unsubscribe
// link and an invitation send no referrer and ask not to be indexed — and no other header layer
// puts the app's ordinary referrer policy back; every other page keeps it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, createTestApp, type TestApp } from '../../../test/support/test-app';

describe('headers of the secret links’ pages', () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'paddock-web-'));
  beforeAll(async () => {
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Paddock</title>');
    writeFileSync(join(webDir, 'landing.html'), '<!doctype html><title>Paddock landing</title>');
    t = await createTestApp('pglite', {}, { webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const page = (path: string) => t.app.request(`${appUrl}${path}`);

  it.each([
    '/record/tqzr6Hh0f9k1u4mU0ZgYkq8q1k0v7m5Q2rJw3yXn0aB',
    '/unsubscribe/tqzr6Hh0f9k1u4mU0ZgYkq8q1k0v7m5Q2rJw3yXn0aB',
    '/invite/tqzr6Hh0f9k1u4mU0ZgYkq8q1k0v7m5Q2rJw3yXn0aB',
  ])('%s: no referrer, not indexed, never stored', async (path) => {
    const response = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('keeps the ordinary policy on the app’s other pages', async () => {
    for (const path of ['/home', '/animals', '/recordings']) {
      const response = await page(path);
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-robots-tag')).toBeNull();
    }
  });
});
