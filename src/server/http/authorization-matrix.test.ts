// The authorization matrix, generated from the router: every route Hono has registered, and every
// endpoint Better Auth serves under /api/auth, is called as anonymous, the owner, another farm, a
// signed-up but unconfirmed user and a signed-out session; every /api/v1 route also as a member and
// a farm sitter of the owner's farm, a sitter whose last day has passed and a removed member. A
// route without a row in route-expectations.ts fails, so a new route cannot ship without saying
// who may call it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../shared/schemas/common';
import { createApp } from '../app';
import { queryRows } from '../db/sql-text';
import { createAuth } from '../auth/auth';
import { loadConfig } from '../config';
import { createLogger } from '../log/logger';
import type { Email } from '../mail/mailer';
import { createFolderPhotoStore } from '../photos/photo-store';
import { appUrl, createTestApp, oneBackend, type TestApp } from '../../../test/support/test-app';
import {
  appRoutes,
  authRoutes,
  pushSubscriptionBody,
  type OwnerRecords,
  type RecordKind,
  type Role,
} from '../../../test/support/route-expectations';

type Identity =
  | 'anonymous'
  | 'owner'
  | 'otherFarm'
  | 'unconfirmed'
  | 'signedOut'
  | 'member'
  | 'sitter'
  | 'expiredSitter'
  | 'removedMember';
const outsiders = ['anonymous', 'unconfirmed', 'signedOut'] as const;
/** Signed in, working in a farm of their own: the owner's farm is not theirs (any more). */
const otherFarms = ['otherFarm', 'expiredSitter', 'removedMember'] as const;
/** Roles on the owner's farm, least first. */
const roles: Role[] = ['sitter', 'member', 'owner'];
const rank: Record<Role, number> = { sitter: 0, member: 1, owner: 2 };
/** Identities who may read the owner's farm: what they are answered is not a leak. */
const onTheFarm: Identity[] = ['owner', 'member', 'sitter'];
const everyone = [...outsiders, ...otherFarms, 'sitter', 'member', 'owner'] as const;

const testConfig = () =>
  loadConfig({
    NODE_ENV: 'test',
    APP_URL: appUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: '/nonexistent-paddock-test',
    LOG_LEVEL: 'silent',
  });

/**
 * The app as `npm start` serves it, with a stand-in build of the web app: the page routes exist
 * only when there is one. Its own auth instance (and secret) on the same database.
 */
function webAppOn(t: TestApp) {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Paddock app</title>');
  writeFileSync(join(dir, 'landing.html'), '<!doctype html><title>Paddock</title>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const outbox: Email[] = [];
  const config = testConfig();
  const logger = createLogger('silent');
  const mailer = { send: (email: Email) => Promise.resolve(void outbox.push(email)) };
  const auth = createAuth({ config, db: t.db, mailer, logger });
  const photos = createFolderPhotoStore(join(dir, 'photos'));
  const app = createApp({ config, db: t.db, auth, logger, mailer, photos, webDir: dir });
  return { app, outbox, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The endpoints Better Auth serves, as "METHOD /api/auth/path", read from an auth instance. */
function betterAuthEndpoints(t: TestApp): string[] {
  const auth = createAuth({
    config: testConfig(),
    db: t.db,
    mailer: { send: () => Promise.resolve() },
    logger: createLogger('silent'),
  });
  const keys = new Set<string>();
  for (const endpoint of Object.values(auth.api) as { path?: string; options?: { method?: unknown } }[]) {
    if (!endpoint.path) continue; // server-only (no HTTP path)
    const method = endpoint.options?.method;
    const methods = Array.isArray(method)
      ? (method as string[])
      : [typeof method === 'string' ? method : 'GET'];
    for (const one of methods) keys.add(`${one === '*' ? 'GET' : one} /api/auth${endpoint.path}`);
  }
  return [...keys].sort();
}

describe.each(oneBackend)('authorization matrix on %s', (backend) => {
  let t: TestApp;
  let web: ReturnType<typeof webAppOn>;
  let jpeg: Buffer;
  const cookies: Record<Identity, string> = {
    anonymous: '',
    owner: '',
    otherFarm: '',
    unconfirmed: '',
    signedOut: '',
    member: '',
    sitter: '',
    expiredSitter: '',
    removedMember: '',
  };
  const owner = { email: '', password: 'correct horse battery' };
  /** Text that only the owner's data holds: none of it may reach anyone else. */
  const ownerSecrets = new Set<string>();
  const marker = `zq${randomBytes(4).toString('hex')}`;
  let clientNumber = 0;

  /**
   * One request as a browser would send it. Each comes from its own loopback address, so that
   * Better Auth's per-address rate limits do not stand in for the answer under test.
   */
  async function send(
    path: string,
    init: { method?: string; cookie?: string; body?: unknown; photo?: boolean; web?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: appUrl };
    if (init.cookie) headers.cookie = init.cookie;
    let body: BodyInit | undefined;
    if (init.photo) {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(jpeg)]), 'photo.jpg');
      body = form;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    clientNumber += 1;
    const remoteAddress = `127.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
    return (init.web ? web.app : t.app).request(
      `${appUrl}${path}`,
      { method: init.method ?? (body ? 'POST' : 'GET'), headers, body },
      { incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: 'IPv4' } } },
    );
  }

  const json = async (response: Response) => {
    const text = await response.text();
    expect(response.status, text).toBeLessThan(300);
    return JSON.parse(text);
  };

  let farmId = '';
  let invitationNumber = 0;

  /** An invitation to the owner's farm by email, and its link's token (from the email). */
  async function invite(role: Role, accessUntil?: string) {
    invitationNumber += 1;
    const email = `joiner-${invitationNumber}-${randomBytes(3).toString('hex')}@example.com`;
    const sent = await send('/api/v1/farm/invitations', {
      cookie: cookies.owner,
      body: { email, role, ...(accessUntil && { accessUntil }) },
    });
    const invitation = await json(sent);
    const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(t.lastLinkTo(email))![1]!;
    return { email, token, id: invitation.id as string };
  }

  /**
   * Someone on the owner's farm with a role: a member joins with an account of their own (own farm,
   * then accepting), a sitter signs up through the link. Their session works in the owner's farm.
   */
  async function join(role: Role, accessUntil?: string) {
    const { email, token } = await invite(role, accessUntil);
    let cookie: string;
    if (role === 'sitter') {
      const signUp = await send(`/api/public/invitations/${token}/sign-up`, {
        body: { name: 'Sam Sitter', password: owner.password },
      });
      expect(signUp.status, await signUp.clone().text()).toBe(201);
      cookie = t.cookieFrom(signUp);
    } else {
      cookie = (await t.signUpAndConfirm(email)).cookie;
      await json(await send('/api/v1/invitations/accept', { cookie, body: { token } }));
    }
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from "user" where email = ${email}`);
    return { email, cookie, userId: row!.id };
  }

  /**
   * A fresh set of the owner's records: a group, a species, an animal with a photo, a care entry,
   * a reminder, a breeding, an egg collection, the animal's milk (she is female), a medicine with a
   * lot of stock; an invitation and a (throwaway) member only when the row names them.
   */
  async function ownerRecords(needs: RecordKind[] = []): Promise<OwnerRecords> {
    const c = cookies.owner;
    const group = await json(await send('/api/v1/groups', { cookie: c, body: { name: `${marker} group` } }));
    const species = await json(
      await send('/api/v1/species', { cookie: c, body: { name: `${marker} sp ${group.id.slice(0, 4)}` } }),
    );
    const animal = await json(
      await send('/api/v1/animals', {
        cookie: c,
        body: {
          name: `${marker} animal`,
          speciesId: species.id,
          sex: 'female',
          groupIds: [group.id],
          weight: 42,
          tagId: 'Matrix-1',
        },
      }),
    );
    await json(await send(`/api/v1/animals/${animal.id}/photo`, { method: 'PUT', cookie: c, photo: true }));
    const batch = await json(
      await send('/api/v1/care-entries', {
        cookie: c,
        body: {
          type: 'note',
          animalIds: [animal.id],
          groupId: group.id,
          dateRecorded: '2026-01-10',
          title: `${marker} note`,
          noteContent: `${marker} content`,
        },
      }),
    );
    const reminder = await json(
      await send('/api/v1/reminders', {
        cookie: c,
        body: {
          title: `${marker} reminder`,
          type: 'general',
          dueDate: `${new Date().getUTCFullYear() + 1}-01-01`,
          animalId: animal.id,
        },
      }),
    );
    const breeding = await json(
      await send(`/api/v1/animals/${animal.id}/breedings`, {
        cookie: c,
        body: { bredOn: '2026-01-10', gestationDays: 150, note: `${marker} breeding` },
      }),
    );
    const eggs = await json(
      await send('/api/v1/egg-collections', {
        cookie: c,
        body: { groupId: group.id, collectedOn: '2026-01-10', eggs: 10, note: `${marker} eggs` },
      }),
    );
    const milk = await json(
      await send('/api/v1/milk-records', {
        cookie: c,
        body: {
          milkedOn: '2026-01-10',
          milking: 'morning',
          records: [{ animalId: animal.id, amount: 4, note: `${marker} milk` }],
        },
      }),
    );
    const medicine = await json(
      await send('/api/v1/medicines', {
        cookie: c,
        body: { name: `${marker} medicine ${randomBytes(4).toString('hex')}`, unit: 'mL' },
      }),
    );
    const medicineLot = await json(
      await send(`/api/v1/medicines/${medicine.id}/lots`, {
        cookie: c,
        body: { quantity: 100, lotNumber: `${marker} lot` },
      }),
    );
    const moneyEntry = await json(
      await send('/api/v1/money', {
        cookie: c,
        body: { kind: 'expense', occurredOn: '2026-01-10', amount: 20, category: 'Feed', groupId: group.id },
      }),
    );
    const records = {
      invitation: needs.includes('invitation') ? (await invite('member')).id : '',
      member: needs.includes('member') ? (await join('member')).userId : '',
      device: needs.includes('device')
        ? (
            await json(
              await send('/api/v1/notifications/devices', { cookie: c, body: pushSubscriptionBody() }),
            )
          ).id
        : '',
      breeding: breeding.id,
      eggCollection: eggs.id,
      milkRecord: milk.records[0].id,
      medicine: medicine.id,
      medicineLot: medicineLot.id,
      moneyEntry: moneyEntry.id,
      group: group.id,
      animal: animal.id,
      careEntry: batch.entries[0].id,
      reminder: reminder.id,
      species: species.id,
    };
    for (const id of Object.values(records)) if (id) ownerSecrets.add(id);
    return { ...records, farm: farmId };
  }

  /** Everything the owner can read about those records, to compare before and after an attempt. */
  async function snapshot(records: OwnerRecords) {
    const read = async (path: string) => {
      const response = await send(path, { cookie: cookies.owner });
      if (response.headers.get('content-type')?.includes('image/')) {
        return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
      }
      return { status: response.status, body: await response.text() };
    };
    return {
      group: await read(`/api/v1/groups/${records.group}`),
      groupAnimals: await read(`/api/v1/groups/${records.group}/animals`),
      careLog: await read(`/api/v1/groups/${records.group}/care-log`),
      animal: await read(`/api/v1/animals/${records.animal}`),
      photo: await read(`/api/v1/animals/${records.animal}/photo`),
      history: await read(`/api/v1/animals/${records.animal}/care-entries`),
      family: await read(`/api/v1/animals/${records.animal}/family`),
      breedings: await read(`/api/v1/animals/${records.animal}/breedings`),
      eggs: await read(`/api/v1/egg-collections?groupId=${records.group}`),
      milk: await read(`/api/v1/milk-records?animalId=${records.animal}`),
      medicine: await read(`/api/v1/medicines/${records.medicine}`),
      movements: await read(`/api/v1/medicine-lots/${records.medicineLot}/movements`),
      money: await read(`/api/v1/money/${records.moneyEntry}`),
      entry: await read(`/api/v1/care-entries/${records.careEntry}`),
      reminders: await read('/api/v1/reminders'),
      species: await read('/api/v1/species'),
      profile: await read('/api/v1/profile'),
      notifications: await read('/api/v1/notifications'),
    };
  }

  /** The failures of one route, collected rather than thrown, so one run lists them all. */
  type Failure = string;

  async function expectAnswer(
    failures: Failure[],
    label: string,
    response: Response,
    expected: number,
    identity: Identity,
  ): Promise<string> {
    const text = await response.text();
    if (response.status !== expected) {
      failures.push(
        `${label} as ${identity}: ${response.status} (expected ${expected}) ${text.slice(0, 200)}`,
      );
    }
    if (response.status >= 400 && label.includes(' /api/')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const shape = apiErrorSchema.safeParse(parsed);
      if (!shape.success || !shape.data.error.message) {
        failures.push(
          `${label} as ${identity}: ${response.status} not in the error shape: ${JSON.stringify(text.slice(0, 120))}`,
        );
      }
    }
    if (!onTheFarm.includes(identity)) {
      for (const secret of [...ownerSecrets, marker, owner.email]) {
        if (text.includes(secret))
          failures.push(`${label} as ${identity}: LEAK of the owner's ${JSON.stringify(secret)}`);
      }
    }
    return text;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    web = webAppOn(t);
    jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#6a4' } })
      .jpeg()
      .toBuffer();
    owner.email = `owner-${marker}@example.com`;
    cookies.owner = (await t.signUpAndConfirm(owner.email, owner.password)).cookie;
    cookies.otherFarm = (await t.signUpAndConfirm()).cookie;

    // Signed up, never confirmed: whatever sign-up and a sign-in attempt leave in the browser.
    const pending = { email: `pending-${marker}@example.com`, password: 'pending password 1' };
    const signUp = await send('/api/auth/sign-up/email', { body: { ...pending, name: '' } });
    const signIn = await send('/api/auth/sign-in/email', { body: pending });
    cookies.unconfirmed = [t.cookieFrom(signUp), t.cookieFrom(signIn)].filter(Boolean).join('; ');

    // The owner's farm's people: a member and a farm sitter at work; a sitter whose last day has
    // passed (two days ago, as if time went by) and a member the owner removed.
    farmId = (await json(await send('/api/v1/farms', { cookie: cookies.owner }))).current;
    cookies.member = (await join('member')).cookie;
    cookies.sitter = (await join('sitter')).cookie;
    const expired = await join('sitter', `${new Date().getUTCFullYear() + 1}-01-01`);
    await t.db.execute(
      sql`update farm_members set access_until = current_date - 2
        where farm_id = ${farmId} and user_id = ${expired.userId}`,
    );
    cookies.expiredSitter = expired.cookie;
    const removed = await join('member');
    expect(
      (await send(`/api/v1/farm/members/${removed.userId}`, { method: 'DELETE', cookie: cookies.owner }))
        .status,
    ).toBe(204);
    cookies.removedMember = removed.cookie;

    // A cookie kept after signing out.
    const leaving = await t.signUpAndConfirm();
    const signOut = await send('/api/auth/sign-out', { cookie: leaving.cookie, body: {} });
    expect(signOut.status).toBe(200);
    cookies.signedOut = leaving.cookie;
  });
  afterAll(async () => {
    web?.close();
    await t?.close();
  });

  it('has an expectation row for every registered route, and no row for a route that is gone', () => {
    // the full app's routes: the API-only test app's, and the web app's pages
    const registered = [...new Set(web.app.routes.map((route) => `${route.method} ${route.path}`))].sort();
    const missing = registered.filter((key) => !(key in appRoutes));
    expect(missing, 'routes without a row in route-expectations.ts (appRoutes)').toEqual([]);
    const stale = Object.keys(appRoutes).filter((key) => !registered.includes(key));
    expect(stale, 'rows of routes that are no longer registered').toEqual([]);

    const endpoints = betterAuthEndpoints(t);
    const missingAuth = endpoints.filter((key) => !(key in authRoutes));
    expect(missingAuth, 'Better Auth endpoints without a row in route-expectations.ts (authRoutes)').toEqual(
      [],
    );
    const staleAuth = Object.keys(authRoutes).filter((key) => !endpoints.includes(key));
    expect(staleAuth, 'auth rows of endpoints Better Auth no longer serves').toEqual([]);
  });

  it('gives an unconfirmed account no session at all', async () => {
    expect(cookies.unconfirmed).not.toContain('session_token');
    const session = await send('/api/auth/get-session', { cookie: cookies.unconfirmed });
    expect(await session.json()).toBeNull();
  });

  it('answers every page of the web app as its row says, signed in or not', async () => {
    const failures: Failure[] = [];
    // a session of the web app's own (its auth secret differs from the test app's)
    const email = `web-${marker}@example.com`;
    await send('/api/auth/sign-up/email', { web: true, body: { email, password: owner.password, name: '' } });
    const link = new URL(web.outbox.find((item) => item.to === email)!.link!);
    const signedIn = t.cookieFrom(await send(`${link.pathname}${link.search}`, { web: true }));
    expect(signedIn).toContain('session_token');
    for (const [key, row] of Object.entries(appRoutes)) {
      if (row.kind !== 'page') continue;
      for (const identity of outsiders) {
        await expectAnswer(
          failures,
          key,
          await send(row.probe, { web: true, cookie: cookies[identity] }),
          row.status,
          identity,
        );
      }
      await expectAnswer(
        failures,
        key,
        await send(row.probe, { web: true, cookie: signedIn }),
        row.signedInStatus ?? row.status,
        'owner',
      );
    }
    expect(failures).toEqual([]);
  });

  it('answers every Better Auth endpoint as its row says, for all five identities', async () => {
    const failures: Failure[] = [];
    const context = { freshEmail: () => `probe-${randomBytes(5).toString('hex')}@example.com` };
    /** A throwaway account's session, for routes that end sessions (revoke-sessions ends them all). */
    const throwawaySession = async () => (await t.signUpAndConfirm()).cookie;

    for (const key of betterAuthEndpoints(t)) {
      const row = authRoutes[key];
      if (!row) continue; // reported by the first test
      const [method, pattern] = key.split(' ') as [string, string];
      const concrete = pattern.replace(/:(\w+)/g, 'nope');
      const identities = [...outsiders, 'otherFarm', 'owner'] as const;
      switch (row.access) {
        case 'disabled':
          for (const identity of identities) {
            await expectAnswer(
              failures,
              key,
              await send(concrete, {
                method,
                cookie: cookies[identity],
                body: method === 'POST' ? {} : undefined,
              }),
              404,
              identity,
            );
          }
          break;
        case 'public':
          for (const identity of identities) {
            const signedIn = identity === 'owner' || identity === 'otherFarm';
            const response = await send(row.path ?? concrete, {
              method,
              cookie: signedIn && row.endsSession ? await throwawaySession() : cookies[identity],
              body: row.body ? row.body(context) : method === 'POST' ? {} : undefined,
            });
            if (t.cookieFrom(response).includes('session_token'))
              failures.push(`${key} as ${identity}: set a session cookie`);
            await expectAnswer(
              failures,
              key,
              response,
              (signedIn && row.signedInStatus) || row.status,
              identity,
            );
          }
          break;
        case 'session-read':
          for (const identity of identities) {
            const text = await expectAnswer(
              failures,
              key,
              await send(concrete, { method, cookie: cookies[identity] }),
              200,
              identity,
            );
            const session = JSON.parse(text || 'null') as { user?: { email?: string } } | null;
            if (outsiders.includes(identity as (typeof outsiders)[number]) && session !== null) {
              failures.push(`${key} as ${identity}: a session exists (${text.slice(0, 120)})`);
            }
            if (identity === 'owner' && session?.user?.email !== owner.email)
              failures.push(`${key} as owner: no session`);
          }
          break;
        case 'session':
          for (const identity of outsiders) {
            await expectAnswer(
              failures,
              key,
              await send(concrete, { method, cookie: cookies[identity], body: row.body?.() ?? {} }),
              401,
              identity,
            );
          }
          for (const identity of ['otherFarm', 'owner'] as const) {
            const cookie = await throwawaySession();
            await expectAnswer(
              failures,
              key,
              await send(concrete, { method, cookie, body: row.body?.() ?? {} }),
              row.status,
              identity,
            );
          }
          break;
      }
    }
    // The owner's own session is untouched by all of the above.
    const still = await send('/api/v1/profile', { cookie: cookies.owner });
    if (still.status !== 200) failures.push(`the owner's session stopped working: ${still.status}`);
    expect(failures).toEqual([]);
  });

  // Last: its final row deletes the owner's account.
  it('answers every /api/v1 route as its row says, for all nine identities, with no leak', async () => {
    const failures: Failure[] = [];
    const ordered = Object.entries(appRoutes).sort(
      ([, a], [, b]) =>
        Number(a.kind === 'api' && !!a.deletesOwner) - Number(b.kind === 'api' && !!b.deletesOwner),
    );
    for (const [key, row] of ordered) {
      const [method, pattern] = key.split(' ') as [string, string];
      if (row.kind === 'middleware' || row.kind === 'auth-handler' || row.kind === 'page') continue;
      if (row.kind === 'public' || row.kind === 'fallback' || row.kind === 'token') {
        const path = row.kind === 'fallback' ? row.probe : pattern;
        for (const identity of everyone) {
          await expectAnswer(
            failures,
            key,
            await send(path, { method: method === 'ALL' ? 'GET' : method, cookie: cookies[identity] }),
            row.status,
            identity,
          );
        }
        continue;
      }
      const needs = Object.values(row.params ?? {});
      const records = await ownerRecords(needs);
      const pathFor = (set: OwnerRecords) => {
        const filled = pattern.replace(
          /:(\w+)/g,
          (_match, name: string) => set[row.params?.[name] ?? 'group'],
        );
        return row.query ? `${filled}?${row.query(set)}` : filled;
      };
      const call = (identity: Identity, set = records, cookie = cookies[identity]) =>
        send(pathFor(set), {
          method,
          cookie,
          photo: row.body === 'photo',
          body: typeof row.body === 'function' ? row.body(set, owner.email) : undefined,
        });
      const allowed = (role: Role) => rank[role] >= rank[row.least];

      // Everyone who may not: nothing of the owner's changes.
      const before = await snapshot(records);
      for (const identity of outsiders)
        await expectAnswer(failures, key, await call(identity), 401, identity);
      for (const identity of otherFarms)
        await expectAnswer(failures, key, await call(identity), row.otherFarm, identity);
      for (const role of roles.filter((one) => !allowed(one)))
        await expectAnswer(failures, key, await call(role), 403, role);
      const after = await snapshot(records);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        const changed = Object.keys(before).filter(
          (part) =>
            JSON.stringify(before[part as keyof typeof before]) !==
            JSON.stringify(after[part as keyof typeof after]),
        );
        failures.push(
          `${key}: the owner's records changed after other identities' attempts (${changed.join(', ')})`,
        );
      }

      // Each role that may, least first, on records of its own when the call changes them.
      let set = records;
      let used = false;
      for (const role of roles.filter(allowed)) {
        if (used && method !== 'GET') set = await ownerRecords(needs);
        used = true;
        // leaving as the shared member or sitter would end them for the rows after: a throwaway one
        const cookie = row.leaves && role !== 'owner' ? (await join(role)).cookie : cookies[role];
        const expected = role === 'owner' ? row.owner : (row.roleStatus?.[role] ?? row.owner);
        await expectAnswer(failures, key, await call(role, set, cookie), expected, role);
      }
      if (row.deletesOwner) {
        const gone = await send('/api/v1/profile', { cookie: cookies.owner });
        if (gone.status !== 401)
          failures.push(`${key}: the owner's session still works after deleting the account`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000); // every route × nine identities: ~40 s alone, more on a loaded CI machine
});
