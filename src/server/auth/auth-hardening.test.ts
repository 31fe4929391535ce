// Issue 7's auth defects, probed over HTTP as an attacker would: account takeover before
// confirmation, old reset links, Better Auth endpoints that skip Paddock's rules, rate limits.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDevices, session, user } from '../db/schema';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';

describe.each(backends)('auth hardening on %s', (backend) => {
  let t: TestApp;
  const secret = randomBytes(32).toString('hex');
  beforeAll(async () => {
    t = await createTestApp(backend, { TRUST_PROXY: 'true', AUTH_SECRET: secret });
  });
  afterAll(async () => {
    await t?.close();
  });

  let clientNumber = 0;
  /** A request from its own client address, so the per-address limits stay out of the way. */
  const fromNewClient = (path: string, body: unknown) =>
    t.request(path, { body, headers: { 'x-forwarded-for': `198.51.100.${++clientNumber % 250}` } });
  const follow = (link: string) => {
    const url = new URL(link);
    return t.app.request(url.toString().replace(url.origin, appUrl));
  };
  const linksTo = (email: string) => t.outbox.filter((item) => item.to === email).map((item) => item.link!);
  const signIn = (email: string, password: string) =>
    fromNewClient('/api/auth/sign-in/email', { email, password });

  it('gives the account to whoever holds the inbox: a repeated sign-up replaces the pending password and voids earlier links', async () => {
    const email = 'stranger@example.com';
    const attacker = await fromNewClient('/api/auth/sign-up/email', {
      email,
      password: 'attacker password',
      name: '',
    });
    expect(attacker.status).toBe(200);
    const [attackersLink] = linksTo(email);
    const [pending] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await t.db.select().from(session).where(eq(session.userId, pending!.id))).toHaveLength(0);

    const stranger = await fromNewClient('/api/auth/sign-up/email', {
      email,
      password: 'stranger password',
      name: '',
    });
    expect(stranger.status).toBe(200);
    expect(Object.keys(await stranger.json()).sort()).toEqual(Object.keys(await attacker.json()).sort());
    const links = linksTo(email);
    expect(links).toHaveLength(2); // a fresh email for the second sign-up

    // The first link confirms nothing and signs nobody in.
    expect(t.cookieFrom(await follow(attackersLink!))).not.toContain('session_token');
    expect((await signIn(email, 'attacker password')).status).toBe(401); // no longer anyone's password
    expect((await signIn(email, 'stranger password')).status).toBe(403); // not confirmed yet

    const confirmed = await follow(links[1]!);
    expect(t.cookieFrom(confirmed)).toContain('session_token');
    expect((await signIn(email, 'attacker password')).status).toBe(401);
    expect((await signIn(email, 'stranger password')).status).toBe(200);
    // The first link stays dead after the confirmation too.
    expect(t.cookieFrom(await follow(attackersLink!))).not.toContain('session_token');
  });

  it('answers a sign-up the same way for a new, an unconfirmed and a confirmed address', async () => {
    const { email: confirmed } = await t.signUpAndConfirm();
    await fromNewClient('/api/auth/sign-up/email', {
      email: 'pending@example.com',
      password: 'long enough',
      name: '',
    });
    const shapes = [];
    for (const email of ['brand-new@example.com', 'pending@example.com', confirmed]) {
      const response = await fromNewClient('/api/auth/sign-up/email', {
        email,
        password: 'another one',
        name: '',
      });
      const body = (await response.json()) as { token: unknown; user: Record<string, unknown> };
      shapes.push({ status: response.status, token: body.token, keys: Object.keys(body.user).sort() });
    }
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });

  it('voids every outstanding reset link once one is used', async () => {
    const { email } = await t.signUpAndConfirm();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const asked = await fromNewClient('/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      });
      expect(asked.status).toBe(200);
      const landing = await follow(linksTo(email).at(-1)!);
      tokens.push(new URL(landing.headers.get('location')!, appUrl).searchParams.get('token')!);
    }
    const newer = await fromNewClient('/api/auth/reset-password', {
      token: tokens[1],
      newPassword: 'the newest secret',
    });
    expect(newer.status).toBe(200);
    const older = await fromNewClient('/api/auth/reset-password', {
      token: tokens[0],
      newPassword: 'an older secret',
    });
    expect(older.status).toBe(400);
    expect((await signIn(email, 'the newest secret')).status).toBe(200);
  });

  it('serves only the auth endpoints the app uses', async () => {
    const { cookie } = await t.signUpAndConfirm();
    for (const path of [
      '/api/auth/update-user',
      '/api/auth/change-email',
      '/api/auth/change-password',
      '/api/auth/delete-user',
      '/api/auth/list-sessions',
      '/api/auth/sign-in/social',
      '/api/auth/link-social',
    ]) {
      const response = await t.request(path, {
        cookie,
        body: { name: 'x'.repeat(50_000), image: 'javascript:alert(1)' },
      });
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code, path).toBe('NOT_FOUND');
    }
    expect((await t.request('/api/auth/get-session', { cookie })).status).toBe(200);
  });

  it("puts Paddock's limits on sign-up: name, email, image and unknown fields", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'long-name@example.com', password: 'long enough', name: 'n'.repeat(60_000) }, 'name'],
      [{ email: `${'e'.repeat(290)}@example.com`, password: 'long enough', name: '' }, 'email'],
      [{ email: 'image@example.com', password: 'long enough', name: '', image: 'javascript:alert(1)' }, '_'],
      [{ email: 'nul@example.com', password: 'long enough', name: 'a\u0000b' }, 'name'],
      [{ email: 'nul\u0000@example.com', password: 'long enough', name: '' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const response = await fromNewClient('/api/auth/sign-up/email', body);
      expect(response.status, field).toBe(422);
      const error = (await response.json()).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toContain(field);
    }
    const [row] = await t.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'long-name@example.com'));
    expect(row).toBeUndefined();
  });

  it('refuses control characters in auth bodies with a 422 naming the field, never a 500', async () => {
    const bodies: [string, Record<string, unknown>, string][] = [
      [
        '/api/auth/reset-password',
        { token: 'abc\u0000\n{"level":"error"}', newPassword: 'long enough' },
        'token',
      ],
      ['/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'whatever' }, 'email'],
      [
        '/api/auth/request-password-reset',
        { email: 'x@example.com\u0000', redirectTo: '/reset-password' },
        'email',
      ],
      ['/api/auth/send-verification-email', { email: 'x\u0007@example.com' }, 'email'],
    ];
    for (const [path, body, field] of bodies) {
      const response = await fromNewClient(path, body);
      expect(response.status, path).toBe(422);
      expect(Object.keys((await response.json()).error.fields), path).toContain(field);
    }
  });

  it('never rate limits reading the session', async () => {
    const { cookie } = await t.signUpAndConfirm();
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) statuses.add((await t.request('/api/auth/get-session', { cookie })).status);
    expect([...statuses]).toEqual([200]);
  });

  it('limits password guesses per account across client addresses, and a reset lets the owner back in', async () => {
    const { email } = await t.signUpAndConfirm();
    let guessesChecked = 0;
    for (let i = 0; i < 30; i++) {
      const response = await signIn(email, `guess ${i}`);
      expect([401, 429]).toContain(response.status);
      if (response.status === 401) guessesChecked++;
    }
    expect(guessesChecked).toBeLessThanOrEqual(10);
    // another account is not slowed by this one's guesses
    const other = await t.signUpAndConfirm();
    expect((await signIn(other.email, other.password)).status).toBe(200);

    await fromNewClient('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const landing = await follow(linksTo(email).at(-1)!);
    const token = new URL(landing.headers.get('location')!, appUrl).searchParams.get('token')!;
    expect(
      (await fromNewClient('/api/auth/reset-password', { token, newPassword: 'owner is back' })).status,
    ).toBe(200);
    expect((await signIn(email, 'owner is back')).status).toBe(200);
  });

  // ---- Known devices (issue 23, item 12) ----
  const deviceCookieName = 'paddock.known_device';
  /** the known-device cookie a response sets, as a Cookie header ('' when none) */
  const deviceCookieFrom = (response: Response) =>
    t
      .cookieFrom(response)
      .split('; ')
      .filter((pair) => pair.startsWith(`${deviceCookieName}=`))
      .join('; ');
  const signInWith = (email: string, password: string, cookie: string) =>
    t.request('/api/auth/sign-in/email', {
      body: { email, password },
      cookie,
      headers: { 'x-forwarded-for': `198.51.100.${++clientNumber % 250}` },
    });
  /** Guesses from many addresses until the account's own limit answers 429. */
  async function lockOut(email: string) {
    let last = 0;
    for (let i = 0; i < accountGuesses && last !== 429; i++)
      last = (await signIn(email, `guess ${i}`)).status;
    expect(last).toBe(429);
  }
  const accountGuesses = 12;
  async function resetPassword(email: string, newPassword: string) {
    await fromNewClient('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const landing = await follow(linksTo(email).at(-1)!);
    const token = new URL(landing.headers.get('location')!, appUrl).searchParams.get('token')!;
    expect((await fromNewClient('/api/auth/reset-password', { token, newPassword })).status).toBe(200);
  }

  it("lets a device its account knows past the account's limit, and no other account", async () => {
    const a = await t.signUpAndConfirm();
    const b = await t.signUpAndConfirm();
    const device = deviceCookieFrom(await signIn(a.email, a.password));
    expect(device).not.toBe('');
    await lockOut(a.email);
    await lockOut(b.email);
    const known = await signInWith(a.email, a.password, device);
    expect(known.status).toBe(200);
    expect((await signInWith(b.email, b.password, device)).status).toBe(429);
    // each sign-in gives the device a new value: a copy of the old one stops counting
    const renewed = deviceCookieFrom(known);
    expect(renewed).not.toBe(device);
    await lockOut(a.email);
    expect((await signInWith(a.email, a.password, device)).status).toBe(429);
    expect((await signInWith(a.email, a.password, renewed)).status).toBe(200);
  });

  it('no longer accepts the old known-device value, which was the same for every device of an address', async () => {
    const { email, password } = await t.signUpAndConfirm();
    const old = createHmac('sha256', secret).update(`known-device:${email}`).digest('base64url');
    await lockOut(email);
    expect((await signInWith(email, password, `${deviceCookieName}=${old}`)).status).toBe(429);
  });

  it('keeps only a hash of a known device, and gives each device its own value', async () => {
    const { email, password } = await t.signUpAndConfirm();
    const first = deviceCookieFrom(await signIn(email, password));
    const second = deviceCookieFrom(await signIn(email, password));
    expect(first).not.toBe(second);
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const rows = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, owner!.id));
    expect(rows).toHaveLength(2);
    for (const cookie of [first, second]) {
      const value = decodeURIComponent(cookie.slice(deviceCookieName.length + 1));
      expect(Buffer.from(value, 'base64url')).toHaveLength(32); // 256 random bits
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(value);
      expect(rows.map((row) => row.tokenHash)).toContain(createHash('sha256').update(value).digest('hex'));
    }
  });

  it('forgets the known devices of an account whose password is reset', async () => {
    const { email, password } = await t.signUpAndConfirm();
    const first = deviceCookieFrom(await signIn(email, password));
    await lockOut(email);
    const known = await signInWith(email, password, first);
    expect(known.status).toBe(200); // known, before the reset
    const device = deviceCookieFrom(known);
    await resetPassword(email, 'a brand new secret');
    await lockOut(email);
    expect((await signInWith(email, 'a brand new secret', device)).status).toBe(429);
  });

  it('forgets the known devices of an account signed out everywhere', async () => {
    const { email, password } = await t.signUpAndConfirm();
    const first = await signIn(email, password);
    await lockOut(email);
    const signedIn = await signInWith(email, password, deviceCookieFrom(first));
    expect(signedIn.status).toBe(200); // known, before signing out everywhere
    const device = deviceCookieFrom(signedIn);
    const everywhere = await t.request('/api/auth/revoke-sessions', {
      body: {},
      cookie: t.cookieFrom(signedIn),
    });
    expect(everywhere.status).toBe(200);
    await lockOut(email);
    expect((await signInWith(email, password, device)).status).toBe(429);
  });
});
