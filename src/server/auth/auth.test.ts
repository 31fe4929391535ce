import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, session, user } from '../db/schema';
import { appUrl, backends, createTestApp, type TestApp } from '../../../test/support/test-app';

describe.each(backends)('auth on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up, refuses sign-in until the email is confirmed, and confirms through a single-use link', async () => {
    const email = 'newfarmer@example.com';
    const password = 'goats and sheep';
    const signUp = await t.request('/api/auth/sign-up/email', {
      body: { email, password, name: '', callbackURL: '/auth?confirmed=1' },
    });
    expect(signUp.status).toBe(200);
    expect(t.cookieFrom(signUp)).not.toContain('session_token'); // no session before confirming

    const message = t.outbox.find((item) => item.to === email);
    expect(message?.subject).toBe('Confirm your Paddock account');
    expect(message?.text).toContain(message!.link!);

    const early = await t.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(early.status).toBe(403);
    expect((await early.json()).error.code).toBe('EMAIL_NOT_VERIFIED');

    const link = new URL(t.lastLinkTo(email));
    expect(link.searchParams.get('callbackURL')).toBe('/auth?confirmed=1');
    const confirm = await t.app.request(link.toString().replace(link.origin, 'http://paddock.test'));
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe('/auth?confirmed=1');
    const cookie = t.cookieFrom(confirm);
    expect(cookie).toContain('paddock.session_token=');

    const profile = await t.request('/api/v1/profile', { cookie });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email, weightUnit: 'lbs', farmName: null });

    // The same link again signs nobody in.
    const again = await t.app.request(link.toString().replace(link.origin, 'http://paddock.test'));
    expect(t.cookieFrom(again)).not.toContain('session_token');

    const signIn = await t.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.status).toBe(200);
    expect(t.cookieFrom(signIn)).toContain('paddock.session_token=');
  });

  it("starts the new farm in the browser's time zone, ignoring an invalid one", async () => {
    const zoned = 'zoned@example.com';
    await t.request('/api/auth/sign-up/email', {
      body: { email: zoned, password: 'long enough', name: '', timeZone: 'America/Chicago' },
    });
    const bogus = 'bogus-zone@example.com';
    await t.request('/api/auth/sign-up/email', {
      body: { email: bogus, password: 'long enough', name: '', timeZone: 'Mars/Olympus' },
    });
    for (const [email, zone] of [
      [zoned, 'America/Chicago'],
      [bogus, 'UTC'],
    ] as const) {
      const link = new URL(t.lastLinkTo(email));
      const cookie = t.cookieFrom(await t.app.request(link.toString().replace(link.origin, appUrl)));
      const profile = await (await t.request('/api/v1/profile', { cookie })).json();
      expect(profile.timeZone).toBe(zone);
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const { email, password } = await t.signUpAndConfirm();
    const signIn = await t.request('/api/auth/sign-in/email', { body: { email, password } });
    const line = signIn.headers.getSetCookie().find((value) => value.startsWith('paddock.session_token='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
  });

  it('stores passwords as Argon2id with at least 19 MiB and 2 passes', async () => {
    const { email } = await t.signUpAndConfirm();
    const [row] = await t.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers wrong credentials with a clear message', async () => {
    const { email } = await t.signUpAndConfirm();
    const response = await t.request('/api/auth/sign-in/email', {
      body: { email, password: 'not the password' },
    });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.message).toBe('Invalid email or password');
  });

  it('refuses a password shorter than 8 characters and a malformed email, naming the field', async () => {
    const short = await t.request('/api/auth/sign-up/email', {
      body: { email: 'short@example.com', password: 'abc', name: '' },
    });
    expect(short.status).toBe(422);
    expect((await short.json()).error.fields.password).toEqual(['Password must be at least 8 characters']);
    const bad = await t.request('/api/auth/sign-up/email', {
      body: { email: 'not-an-email', password: 'long enough', name: '' },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields.email).toEqual(['Enter a valid email address']);
  });

  it('lets an unconfirmed user ask for the confirmation email again', async () => {
    const email = 'resend@example.com';
    await t.request('/api/auth/sign-up/email', { body: { email, password: 'long enough', name: '' } });
    const before = t.outbox.filter((item) => item.to === email).length;
    const resend = await t.request('/api/auth/send-verification-email', {
      body: { email, callbackURL: '/auth?confirmed=1' },
    });
    expect(resend.status).toBe(200);
    expect(t.outbox.filter((item) => item.to === email).length).toBe(before + 1);
  });

  it('signs out this device, and every device', async () => {
    const { email, password, cookie } = await t.signUpAndConfirm();
    const second = t.cookieFrom(await t.request('/api/auth/sign-in/email', { body: { email, password } }));
    const third = t.cookieFrom(await t.request('/api/auth/sign-in/email', { body: { email, password } }));

    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await t.request('/api/v1/profile', { cookie })).status).toBe(401);
    expect((await t.request('/api/v1/profile', { cookie: second })).status).toBe(200);

    expect(
      (await t.request('/api/auth/revoke-sessions', { method: 'POST', cookie: second, body: {} })).status,
    ).toBe(200);
    expect((await t.request('/api/v1/profile', { cookie: second })).status).toBe(401);
    expect((await t.request('/api/v1/profile', { cookie: third })).status).toBe(401);
  });

  it('refuses a forged or expired session cookie', async () => {
    const { cookie } = await t.signUpAndConfirm();
    const [name, value] = cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const changed = token.endsWith('x') ? 'y' : 'x'; // a different last character, whatever it was
    const forged = `${name}=${encodeURIComponent(`${token.slice(0, -1)}${changed}.${signature}`)}`;
    expect((await t.request('/api/v1/profile', { cookie: forged })).status).toBe(401);
    expect((await t.request('/api/v1/profile', { cookie: `${name}=${token}` })).status).toBe(401);

    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await t.request('/api/v1/profile', { cookie })).status).toBe(401);
  });

  it('resets a forgotten password with a single-use emailed link, signing out every device', async () => {
    const { email, password, cookie } = await t.signUpAndConfirm();
    const other = t.cookieFrom(await t.request('/api/auth/sign-in/email', { body: { email, password } }));
    const asked = await t.request('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password' },
    });
    expect(asked.status).toBe(200);
    const message = [...t.outbox].reverse().find((item) => item.to === email)!;
    expect(message.subject).toBe('Reset your Paddock password');
    const link = new URL(message.link!);
    const landing = await t.app.request(link.toString().replace(link.origin, appUrl));
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location')!, appUrl);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;

    const reset = await t.request('/api/auth/reset-password', {
      body: { token, newPassword: 'a brand new secret' },
    });
    expect(reset.status).toBe(200);
    expect((await t.request('/api/v1/profile', { cookie })).status).toBe(401);
    expect((await t.request('/api/v1/profile', { cookie: other })).status).toBe(401);
    expect((await t.request('/api/auth/sign-in/email', { body: { email, password } })).status).toBe(401);
    expect(
      (await t.request('/api/auth/sign-in/email', { body: { email, password: 'a brand new secret' } }))
        .status,
    ).toBe(200);
    const reused = await t.request('/api/auth/reset-password', {
      body: { token, newPassword: 'yet another one' },
    });
    expect(reused.status).toBe(400);
  });

  it('refuses sign-up from another origin', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      body: { email: 'evil@example.com', password: 'long enough', name: '' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });

  // Last: it uses up this app's sign-in allowance for the test client's address.
  it('rate limits repeated failed sign-ins from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await t.request('/api/auth/sign-in/email', {
        body: { email: `someone-${attempt}@example.com`, password: `wrong ${attempt}` }, // many accounts
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` }, // not trusted: cannot dodge the limit
      });
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await t.request('/api/auth/sign-in/email', {
      body: { email: 'someone-else@example.com', password: 'again' },
    });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.message).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
