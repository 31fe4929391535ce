// Per-address limits behind the README's reverse proxy (issue 23, item 4): the client writes the
// left of X-Forwarded-For, so only the entries our proxies appended may name the client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { demoLimit } from '../features/demo/demo.routes';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';

let forged = 0;
/** What a client would write itself: a new address on every request. */
const forgedAddress = () => `192.0.2.${++forged % 250}`;

describe.each(backends)('the client address behind proxies on %s', (backend) => {
  let oneProxy: TestApp;
  let twoProxies: TestApp;
  beforeAll(async () => {
    oneProxy = await createTestApp(backend, { TRUST_PROXY: 'true' });
    twoProxies = await createTestApp(backend, { TRUST_PROXY: '2' });
  });
  afterAll(async () => {
    await oneProxy?.close();
    await twoProxies?.close();
  });

  const signInFrom = (t: TestApp, forwardedFor: string) =>
    t.request('/api/auth/sign-in/email', {
      // a new address each time: the per-account limit stays out of the way
      body: { email: `nobody-${++forged}@example.com`, password: 'wrong password here' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('limits sign-ins by the address the proxy appended, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++)
      statuses.push((await signInFrom(oneProxy, `${forgedAddress()}, 203.0.113.7`)).status);
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses).toContain(429);
    // another client behind the same proxy is not held back by the first one's attempts
    expect((await signInFrom(oneProxy, `${forgedAddress()}, 203.0.113.8`)).status).toBe(401);
  });

  it('limits demo farms per address although the client forges the first entry', async () => {
    const openDemo = () =>
      oneProxy.app.request(`${appUrl}/api/demo`, {
        method: 'POST',
        headers: { origin: appUrl, 'x-forwarded-for': `${forgedAddress()}, 203.0.113.20` },
      });
    for (let opened = 0; opened < demoLimit.max; opened++) expect((await openDemo()).status).toBe(303);
    expect((await openDemo()).status).toBe(429);
  });

  it('counts the configured number of proxies from the right', async () => {
    // two proxies: "client-written, client, first proxy"; the client is the second from the right
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++)
      statuses.push((await signInFrom(twoProxies, `${forgedAddress()}, 203.0.113.30, 10.0.0.1`)).status);
    expect(statuses).toContain(429);
    // and the first proxy's own address is not taken for the client's: other clients go through
    expect((await signInFrom(twoProxies, `203.0.113.31, 10.0.0.1`)).status).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) =>
    loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32), TRUST_PROXY: value });
  it('takes true, false or a number of proxies, and refuses anything else', () => {
    expect(trust('true').trustProxy).toBe(1);
    expect(trust('false').trustProxy).toBe(0);
    expect(trust('2').trustProxy).toBe(2);
    expect(() => trust('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trust('-1')).toThrow(/TRUST_PROXY/);
  });
});
