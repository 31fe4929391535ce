// The embedded database keeps what it acknowledged: real server processes are killed with SIGKILL,
// stopped with SIGTERM/SIGINT and started twice on one DATA_DIR; and PGlite's fsync reaches the disk.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, inject, it, onTestFailed, vi } from 'vitest';
import { openDatabase } from './database';
import { farms } from './schema';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const startTimeout = 60_000;
const processTestTimeout = 120_000;
const password = 'correct horse battery';

type Exit = { code: number | null; signal: NodeJS.Signals | null };

type RunningServer = {
  child: ChildProcess;
  pid: number;
  dataDir: string;
  /** where the test connects */
  base: string;
  /** APP_URL: the Origin the server expects, and the origin of its email links */
  appUrl: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<Exit>;
};

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

/**
 * A new DATA_DIR: with a migrated database that a server closed cleanly (copied from the one
 * global-setup.ts made, instead of an initdb and every migration at each start), or empty.
 */
async function freshDataDir(contents: 'migrated' | 'empty' = 'migrated'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'paddock-durability-'));
  tempDirs.push(dir);
  if (contents === 'migrated') await cp(inject('pgliteDataDir'), join(dir, 'pgdata'), { recursive: true });
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns the compiled server (global-setup.ts builds it as `npm start` does) on dataDir; does not wait for it. */
async function spawnServer(
  dataDir: string,
  environment: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'AUTH_SECRET', 'TRUST_PROXY']) delete env[name];
  Object.assign(env, environment);
  const child = spawn(process.execPath, ['--enable-source-maps', join(inject('compiledServer'), 'main.js')], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  onTestFailed(() => {
    console.error(
      `server pid ${child.pid} on ${dataDir}:\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`,
    );
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    child,
    pid: child.pid!,
    dataDir,
    base: `http://127.0.0.1:${port}`,
    appUrl,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

/** Starts a server and waits for its "Paddock is running" log line. */
async function startServer(
  dataDir: string,
  environment: Record<string, string> = {},
): Promise<RunningServer> {
  const server = await spawnServer(dataDir, environment);
  await new Promise<void>((resolve, reject) => {
    const output = () => `\n--- stdout ---\n${server.stdout()}\n--- stderr ---\n${server.stderr()}`;
    const timer = setTimeout(() => {
      reject(new Error(`server did not start within ${startTimeout} ms${output()}`));
    }, startTimeout);
    const onData = () => {
      if (server.stdout().includes('"message":"Paddock is running"')) {
        clearTimeout(timer);
        server.child.stdout!.off('data', onData);
        resolve();
      }
    };
    server.child.stdout!.on('data', onData);
    void server.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (code ${code}, signal ${signal}) before it was running${output()}`));
    });
    onData();
  });
  return server;
}

async function killAll(): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      const closed = new Promise((resolve) => child.once('close', resolve));
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await closed;
    }),
  );
}

/** A request as the web app sends it: same Origin, JSON body, optional session cookie. */
function request(
  server: RunningServer,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: server.appUrl };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
}

function cookieFrom(response: Response): string {
  const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  return pairs.filter((pair) => !pair.endsWith('=')).join('; ');
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the confirmation email the server wrote into DATA_DIR/outbox and returns its link. */
async function confirmationLink(server: RunningServer, email: string): Promise<string> {
  const outbox = join(server.dataDir, 'outbox');
  const pattern = new RegExp(
    `${server.appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/auth/verify-email\\?token=[^\\s"'<>]+`,
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = fs.existsSync(outbox)
      ? (await readdir(outbox)).filter((name) => name.endsWith('.eml'))
      : [];
    for (const file of files) {
      const message = decodeQuotedPrintable(await readFile(join(outbox, file), 'utf8'));
      const match = message.includes(email) ? pattern.exec(message) : null;
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    if (Date.now() > deadline) throw new Error(`no confirmation email to ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs up through HTTP, confirms through the emailed link, and returns the session cookie. */
async function signUpAndConfirm(server: RunningServer, email: string): Promise<string> {
  const signUp = await request(server, '/api/auth/sign-up/email', {
    body: { email, password, name: '', callbackURL: '/auth?confirmed=1' },
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const link = new URL(await confirmationLink(server, email));
  const confirm = await fetch(`${server.base}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(confirm.status).toBe(302);
  const cookie = cookieFrom(confirm);
  expect(cookie).toContain('paddock.session_token=');
  return cookie;
}

async function signIn(server: RunningServer, email: string): Promise<string> {
  const response = await request(server, '/api/auth/sign-in/email', { body: { email, password } });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = cookieFrom(response);
  expect(cookie).toContain('paddock.session_token=');
  return cookie;
}

async function setFarmName(server: RunningServer, cookie: string, farmName: string): Promise<void> {
  const response = await request(server, '/api/v1/farm/settings', {
    method: 'PATCH',
    cookie,
    body: { farmName },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toMatchObject({ farmName });
}

async function farmNameAfterSignIn(server: RunningServer, email: string): Promise<unknown> {
  const cookie = await signIn(server, email);
  const profile = await request(server, '/api/v1/profile', { cookie });
  expect(profile.status).toBe(200);
  return ((await profile.json()) as { farmName: unknown }).farmName;
}

const lockOwner = (dataDir: string) =>
  Number.parseInt(fs.readFileSync(join(dataDir, 'paddock.lock'), 'utf8').split(' ')[0]!, 10);

afterEach(async () => {
  await killAll();
});

afterAll(async () => {
  await killAll();
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('durability of the embedded database (real server processes)', () => {
  it(
    'keeps an acknowledged write through kill -9, and the next server takes over the stale lock',
    async () => {
      // the first start of all: the server makes its database in an empty DATA_DIR
      const dataDir = await freshDataDir('empty');
      const first = await startServer(dataDir);
      const email = 'killed@example.com';
      const cookie = await signUpAndConfirm(first, email);
      await setFarmName(first, cookie, 'Willow Creek');
      // (by the way: a server that has started, signed someone in and written has not loaded the
      // photo library, whose libvips is ~12 MB of resident memory: it comes with the first photo)
      if (fs.existsSync(`/proc/${first.pid}/maps`))
        expect(fs.readFileSync(`/proc/${first.pid}/maps`, 'utf8')).not.toContain('libvips');
      process.kill(first.pid, 'SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(lockOwner(dataDir)).toBe(first.pid); // stale

      const second = await startServer(dataDir);
      expect(await farmNameAfterSignIn(second, email)).toBe('Willow Creek');
      expect(lockOwner(dataDir)).toBe(second.pid);
    },
    processTestTimeout,
  );

  it(
    'refuses a second server on the same DATA_DIR, and the first keeps serving',
    async () => {
      const dataDir = await freshDataDir();
      const first = await startServer(dataDir);
      const second = await spawnServer(dataDir);
      expect(await second.exited).toEqual({ code: 2, signal: null });
      expect(second.stderr()).toContain('Paddock cannot start');
      expect(second.stderr()).toContain(`(pid ${first.pid}) is already using DATA_DIR`);
      expect(second.stdout()).not.toContain('Paddock is running');

      const response = await request(first, '/api/v1/openapi.json');
      expect(response.status).toBe(200);
      expect(lockOwner(dataDir)).toBe(first.pid);
    },
    processTestTimeout,
  );

  it(
    'starts although the lock names the pid of an unrelated live process (a pid reused after a crash)',
    async () => {
      const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        for (const content of [`${unrelated.pid} 1`, `${unrelated.pid}`]) {
          const dataDir = await freshDataDir();
          fs.writeFileSync(join(dataDir, 'paddock.lock'), content);
          const server = await startServer(dataDir);
          expect(lockOwner(dataDir)).toBe(server.pid);
          process.kill(server.pid, 'SIGTERM');
          expect(await server.exited).toEqual({ code: 0, signal: null });
        }
      } finally {
        unrelated.kill('SIGKILL');
      }
    },
    processTestTimeout,
  );

  it(
    'writes every log line as one JSON object, whatever the requests hold',
    async () => {
      const server = await startServer(await freshDataDir());
      const forged = 'abc\n{"level":"error","message":"forged"}\u0000\r\u001b[31m';
      await signUpAndConfirm(server, 'logged@example.com');
      const probes: [string, unknown][] = [
        ['/api/auth/reset-password', { token: forged, newPassword: 'long enough' }],
        ['/api/auth/sign-up/email', { email: 'logged@example.com', password: 'long enough', name: forged }],
        ['/api/auth/sign-up/email', { email: 'logged@example.com', password: 'long enough', name: '' }],
        ['/api/auth/sign-in/email', { email: 'logged@example.com', password: forged }],
        ['/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' }],
      ];
      for (const [path, body] of probes) await request(server, path, { body });
      for (const path of [
        `/api/auth/reset-password/${encodeURIComponent(forged)}?callbackURL=${encodeURIComponent(forged)}`,
        `/api/auth/verify-email?token=${encodeURIComponent(forged)}&callbackURL=/auth`,
        `/api/v1/${encodeURIComponent(forged)}`,
      ]) {
        await request(server, path);
      }
      process.kill(server.pid, 'SIGTERM');
      await server.exited;
      const lines = `${server.stdout()}${server.stderr()}`.split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) {
        // eslint-disable-next-line no-control-regex -- a raw control character is what forges a line
        expect(line, line).not.toMatch(/[\u0000-\u001f]/);
        const entry = JSON.parse(line) as Record<string, unknown>;
        expect(typeof entry.message, line).toBe('string');
        expect(['debug', 'info', 'warn', 'error'], line).toContain(entry.level);
        expect(entry.message, line).not.toBe('forged');
      }
    },
    processTestTimeout,
  );

  it.each(['production', 'development'] as const)(
    'never logs a secret link in %s (a development server prints only a confirmation link)',
    async (nodeEnv) => {
      const server = await startServer(await freshDataDir(), {
        NODE_ENV: nodeEnv,
        AUTH_SECRET: 'a-secret-of-at-least-32-characters-for-this-test',
      });
      const cookie = await signUpAndConfirm(server, 'owner-logged@example.com');
      await request(server, '/api/auth/request-password-reset', {
        body: { email: 'owner-logged@example.com', redirectTo: '/reset-password' },
      });
      const invited = await request(server, '/api/v1/farm/invitations', {
        cookie,
        body: { email: 'partner-logged@example.com', role: 'member' },
      });
      expect(invited.status, await invited.clone().text()).toBe(201);
      const shared = await request(server, '/api/v1/animals', { cookie });
      expect(shared.status).toBe(200);
      process.kill(server.pid, 'SIGTERM');
      await server.exited;

      // every token the server mailed: confirmation, reset, invitation
      const outbox = join(server.dataDir, 'outbox');
      const mails = await Promise.all(
        (await readdir(outbox)).map(async (file) =>
          decodeQuotedPrintable(await readFile(join(outbox, file), 'utf8')),
        ),
      );
      const links = mails.flatMap((mail) =>
        [...mail.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]),
      );
      const tokens = links
        .map((link) => new URL(link.replace(/&amp;/g, '&')))
        .flatMap((url) => [url.searchParams.get('token'), url.pathname.split('/').pop()])
        .filter((token): token is string => Boolean(token && token.length >= 20));
      expect(tokens.length).toBeGreaterThanOrEqual(3);
      const log = `${server.stdout()}${server.stderr()}`;
      const confirmation = tokens.filter((token) =>
        mails.some((mail) => mail.includes('Confirm your Paddock account') && mail.includes(token)),
      );
      for (const token of tokens) {
        const allowed = nodeEnv === 'development' && confirmation.includes(token);
        expect(log.includes(token), `token ${token.slice(0, 8)}… in the ${nodeEnv} log`).toBe(allowed);
      }
      if (nodeEnv === 'development') expect(confirmation.some((token) => log.includes(token))).toBe(true);
    },
    processTestTimeout,
  );

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops cleanly on %s: exit 0, database closed, lock released, data kept',
    async (signal) => {
      const dataDir = await freshDataDir();
      const first = await startServer(dataDir);
      const email = `${signal.toLowerCase()}@example.com`;
      const cookie = await signUpAndConfirm(first, email);
      await setFarmName(first, cookie, `Farm stopped by ${signal}`);
      process.kill(first.pid, signal);
      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(first.stdout()).toContain('"message":"Paddock stopped; database closed cleanly"');
      expect(first.stderr()).toBe('');
      expect(fs.existsSync(join(dataDir, 'paddock.lock'))).toBe(false);

      const second = await startServer(dataDir);
      expect(await farmNameAfterSignIn(second, email)).toBe(`Farm stopped by ${signal}`);
    },
    processTestTimeout,
  );
});

describe('fsync in the embedded database', () => {
  it('reaches the disk: a commit calls fs.fsyncSync', async () => {
    // The patched Emscripten stream op calls fs.fsyncSync on Node's one fs module object.
    expect(createRequire(import.meta.url)('fs')).toBe(fs);
    const dataDir = await freshDataDir();
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      fsync.mockClear();
      await handle.db.execute(sql`insert into farms default values`);
      expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(typeof fsync.mock.calls[0]![0]).toBe('number');
      const [row] = await handle.db.select({ farms: count() }).from(farms);
      expect(row!.farms).toBe(1);
    } finally {
      fsync.mockRestore();
      await handle.close();
    }
    expect(fs.existsSync(join(dataDir, 'paddock.lock'))).toBe(false);
  }, 60_000);
});
