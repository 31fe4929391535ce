// More than one server (issue 12): two Paddock processes on one PostgreSQL database, as behind a
// load balancer, each with its own data folder. A photo uploaded through one is served by the
// other (photos live in the database); signing out everywhere through one ends the session on the
// other within its session cache's seconds; a read each remembers shows the other's change at once.
// (The daily email's one-per-day claim with two servers is proven in daily-email.test.ts.)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../test/support/fresh-database';
import { eventually } from './support/checks';
import { freePort, startServer } from './support/stack';

const password = 'correct horse battery';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  const servers: { child: ChildProcess; output: () => string; url: string }[] = [];
  const folders: string[] = [];
  let dropDatabase = async () => {};
  let appUrl = '';

  beforeAll(async () => {
    const database = await freshPostgresDatabase('paddock_e2e_two');
    dropDatabase = database.drop;
    const ports = [await freePort(), await freePort()];
    appUrl = `http://127.0.0.1:${ports[0]}`; // the public address, as a load balancer would give
    const secret = randomBytes(32).toString('hex');
    for (const port of ports) {
      const dataDir = mkdtempSync(join(tmpdir(), 'paddock-two-'));
      folders.push(dataDir);
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const key of ['SMTP_URL', 'TRUST_PROXY']) delete env[key];
      Object.assign(env, {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: appUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        AUTH_SECRET: secret,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
      });
      // one at a time: the first applies the migrations
      servers.push({ ...(await startServer(env)), url: `http://127.0.0.1:${port}` });
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /** A request to one server, as the browser on the app's address sends it. */
  const call = (
    server: number,
    path: string,
    init: { method?: string; cookie?: string; body?: unknown } = {},
  ) =>
    fetch(`${servers[server]!.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      redirect: 'manual',
      headers: {
        origin: appUrl,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined && !(init.body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
      },
      body:
        init.body === undefined
          ? undefined
          : init.body instanceof FormData
            ? init.body
            : JSON.stringify(init.body),
    });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
  const signIn = async (server: number, email: string) => {
    const response = await call(server, '/api/auth/sign-in/email', { body: { email, password } });
    expect(response.status).toBe(200);
    return cookieOf(response);
  };

  it('serves through one the photo uploaded through the other, and ends sessions everywhere on both', async () => {
    const email = `two-servers-${randomBytes(4).toString('hex')}@example.com`;
    const signUp = await call(0, '/api/auth/sign-up/email', {
      body: { email, password, name: '', callbackURL: '/auth?confirmed=1' },
    });
    expect(signUp.status).toBe(200);
    // no SMTP server: a server's sender (the first's, woken by the sign-up, unless the other's job
    // pass claimed it) wrote the email to its outbox just after the answer (a token is never logged)
    const mailedLink = () => {
      for (const folder of folders) {
        const outbox = join(folder, 'outbox');
        if (!existsSync(outbox)) continue;
        for (const file of readdirSync(outbox)) {
          const message = readFileSync(join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
          const link = message.includes(email)
            ? /https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s"'<>]+/.exec(message)
            : null;
          if (link) return link[0].replace(/&amp;/g, '&');
        }
      }
      return undefined;
    };
    await eventually(() => mailedLink() !== undefined, true, 'the confirmation email was sent');
    const link = mailedLink()!;
    const confirm = await fetch(link.replace(appUrl, servers[1]!.url), { redirect: 'manual' });
    const first = cookieOf(confirm); // confirmed through the second server
    expect(first).toContain('session_token');

    const group = (await (
      await call(0, '/api/v1/groups', { cookie: first, body: { name: 'Goats' } })
    ).json()) as {
      id: string;
    };
    const animal = (await (
      await call(1, '/api/v1/animals', { cookie: first, body: { name: 'Clover', groupIds: [group.id] } })
    ).json()) as { id: string };
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a5' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)]), 'clover.jpg');
    const upload = await call(0, `/api/v1/animals/${animal.id}/photo`, {
      method: 'PUT',
      cookie: first,
      body: form,
    });
    expect(upload.status).toBe(200);
    const fromFirst = await call(0, `/api/v1/animals/${animal.id}/photo`, { cookie: first });
    const fromSecond = await call(1, `/api/v1/animals/${animal.id}/photo`, { cookie: first });
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await fromSecond.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);
    expect(bytes.equals(Buffer.from(await fromFirst.arrayBuffer()))).toBe(true);

    // a read each server remembers (decision 0062) shows a change made through the other at once:
    // the farm's version is the database's, not a server's
    const names = async (server: number) =>
      ((await (await call(server, '/api/v1/animals', { cookie: first })).json()) as { name: string }[]).map(
        (one) => one.name,
      );
    for (const server of [0, 1, 0, 1]) expect(await names(server)).toEqual(['Clover']);
    const renamed = await call(0, `/api/v1/animals/${animal.id}`, {
      method: 'PATCH',
      cookie: first,
      body: { name: 'Clover the Second' },
    });
    expect(renamed.status).toBe(200);
    expect(await names(1)).toEqual(['Clover the Second']);
    expect(await names(0)).toEqual(['Clover the Second']);

    // a second device, whose session the second server has just checked (and cached)
    const second = await signIn(1, email);
    expect((await call(1, '/api/v1/animals', { cookie: second })).status).toBe(200);
    const revoked = await call(0, '/api/auth/revoke-sessions', { cookie: first, body: {} });
    expect(revoked.status).toBe(200);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 20_000) {
      status = (await call(1, '/api/v1/animals', { cookie: second })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(12_000); // the session cache's 10 seconds, and no more
  });
});
