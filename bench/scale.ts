// npm run bench — Paddock at scale on PostgreSQL (issue 10): seeds N farms × 50 animals × 40 care
// entries by SQL, starts the compiled server and a bare Hono + pg server (one-query list, one-row
// insert) on the same database, signs in a handful of users, and runs each signed-in endpoint
// interleaved with its baseline for several rounds (autocannon), printing req/s, p50/p99, the ratio,
// statements per request and p50 at N farms against 10. Figures only: nothing here passes or fails
// on time.
//
//   npm run bench                          # 10,000 farms (about 20 million entries)
//   npm run bench -- --farms 1000 --rounds 2 --seconds 5
//   npm run bench -- --quick               # 200 farms, one short round: a smoke run
//   BENCH_DATABASE_URL=postgres://…/postgres (default: the local server, user postgres)
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { createLogger } from '../src/server/log/logger';
import { createFolderPhotoStore } from '../src/server/photos/photo-store';
import { freshPostgresDatabase } from '../src/server/test/fresh-database';
import { newFarms, seedFarms } from './scale/seed';

const { values: options } = parseArgs({
  options: {
    farms: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '8' },
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const quick = options.quick;
const farmCount = quick ? 200 : Number(options.farms);
const seconds = quick ? 3 : Number(options.seconds);
const rounds = quick ? 1 : Number(options.rounds);
const connections = Number(options.connections);
const users = 4;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function start(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes('Paddock is running') || text.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

type Run = { rps: number; p50: number; p99: number };
type Request = { method: 'GET' | 'POST'; path: string; body?: () => unknown };

async function measure(base: string, request: Request, cookie: string): Promise<Run> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        ...(request.body && {
          // a new body each time: batch ids are idempotent, a constant one would write once
          setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(request.body!()) }),
        }),
      },
    ],
  });
  if (result.non2xx > 0) {
    const probe = await fetch(base + request.path, {
      method: request.method,
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: request.body ? JSON.stringify(request.body()) : undefined,
    });
    throw new Error(
      `${request.method} ${request.path}: ${result.non2xx} non-2xx, e.g. ${probe.status} ${await probe.text()}`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (runs: Run[]): Run => {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const database = await freshPostgresDatabase('paddock_scale', adminUrl);
const children: ChildProcess[] = [];
const client = new pg.Client({ connectionString: database.url });

try {
  // ---- the compiled server, built privately (dist/ may be in use), inside the project so that
  // its packages resolve from node_modules ----
  const work = mkdtempSync(join(tmpdir(), 'paddock-scale-'));
  const serverDir = join(process.cwd(), 'node_modules', '.cache', `paddock-scale-${process.pid}`);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    env: { ...process.env, SERVER_OUTDIR: serverDir },
    stdio: 'ignore',
  });
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString('hex');
  const appEnv = {
    PORT: String(port),
    APP_URL: appUrl,
    DATABASE_URL: database.url,
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    AUTH_SECRET: secret,
  };
  children.push(await start([join(serverDir, 'main.js')], appEnv));
  await client.connect();
  const query = async <Row>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as Row[];

  // ---- a handful of signed-in users ----
  const headers = { origin: appUrl, 'content-type': 'application/json' };
  const cookies: string[] = [];
  const password = 'benchmark password';
  for (let index = 0; index < users; index++) {
    const email = `bench-${index}@example.com`;
    await fetch(`${appUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, name: '' }),
    });
    await query(`update "user" set email_verified = true where email = $1`, [email]);
    const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    cookies.push(
      signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; '),
    );
  }
  const userFarms = (
    await query<{ farm_id: string }>(
      `select p.farm_id from profiles p join "user" u on u.id = p.user_id order by u.email`,
    )
  ).map((row) => row.farm_id);

  const execute = (text: string, values: unknown[]) => client.query(text, values);
  const queryRows = (text: string, values: unknown[]) => query<{ id: string }>(text, values);

  // ---- what a signed-in user asks for (of their own farm) ----
  const farmId = userFarms[0]!;
  const cookie = cookies[0]!;
  async function requestsFor(
    farmId: string,
  ): Promise<{ name: string; request: Request; baseline: 'list' | 'insert' }[]> {
    const [group] = await query<{ id: string }>(
      `select id from groups where farm_id = $1 and name = 'Group 1'`,
      [farmId],
    );
    const members = (
      await query<{ id: string }>(
        `select animal_id as id from animal_groups where farm_id = $1 and group_id = $2`,
        [farmId, group!.id],
      )
    ).map((row) => row.id);
    const today = new Date().toISOString().slice(0, 10);
    return [
      { name: 'GET animals', request: { method: 'GET', path: '/api/v1/animals' }, baseline: 'list' },
      { name: 'GET groups (counts)', request: { method: 'GET', path: '/api/v1/groups' }, baseline: 'list' },
      {
        name: "GET a group's log",
        request: { method: 'GET', path: `/api/v1/groups/${group!.id}/care-log` },
        baseline: 'list',
      },
      {
        name: "GET an animal's history",
        request: { method: 'GET', path: `/api/v1/animals/${members[0]}/care-entries` },
        baseline: 'list',
      },
      {
        name: 'GET reminders (home)',
        request: { method: 'GET', path: '/api/v1/reminders' },
        baseline: 'list',
      },
      {
        name: 'POST a note (1 animal)',
        request: {
          method: 'POST',
          path: '/api/v1/care-entries',
          body: () => ({
            type: 'note',
            batchId: randomUUID(),
            dateRecorded: today,
            title: 'Checked',
            noteContent: 'Eating well.',
            animalIds: [members[0]],
          }),
        },
        baseline: 'insert',
      },
      {
        name: `POST a medication for ${members.length}`,
        request: {
          method: 'POST',
          path: '/api/v1/care-entries',
          body: () => ({
            type: 'medical',
            batchId: randomUUID(),
            groupId: group!.id,
            dateRecorded: today,
            medicationName: 'Ivermectin',
            dosage: 2,
            dosageUnit: 'mL',
            animalIds: members,
          }),
        },
        baseline: 'insert',
      },
      {
        name: `POST a weigh-in for ${members.length}`,
        request: {
          method: 'POST',
          path: '/api/v1/care-entries',
          body: () => ({
            type: 'weight',
            batchId: randomUUID(),
            groupId: group!.id,
            dateRecorded: today,
            weights: members.map((animalId, index) => ({ animalId, weightValue: 50 + index })),
          }),
        },
        baseline: 'insert',
      },
    ];
  }

  // ---- statements per request, counted by an in-process app on the same database ----
  async function statementsPerRequest(requests: { name: string; request: Request }[]) {
    const queries: string[] = [];
    const handle = await openDatabase({
      kind: 'postgres',
      url: database.url,
      onQuery: (text) => queries.push(text),
    });
    const config = loadConfig({ ...appEnv, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const logger = createLogger(config.logLevel);
    const auth = createAuth({ config, db: handle.db, mailer: { send: async () => {} }, logger });
    const app = createApp({
      config,
      db: handle.db,
      auth,
      logger,
      photos: createFolderPhotoStore(join(work, 'photos')),
    });
    const counts = new Map<string, number>();
    for (const { name, request } of requests) {
      const send = () =>
        app.request(`${appUrl}${request.path}`, {
          method: request.method,
          headers: { ...headers, cookie },
          body: request.body ? JSON.stringify(request.body()) : undefined,
        });
      await send(); // warm: the session and the farm's settings are remembered after it
      const before = queries.length;
      const response = await send();
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      counts.set(name, queries.length - before);
    }
    await handle.close();
    return counts;
  }

  // ---- 10 farms first (the signed-in users' and a few more) ----
  console.log(`seeding 10 farms… (${elapsed()})`);
  const firstFarms = [...userFarms, ...(await newFarms(queryRows, 10 - users))];
  await seedFarms(execute, firstFarms);
  await query('analyze');
  const barePort = await freePort();
  children.push(
    await start(['--import', 'tsx', 'bench/bare-server.ts'], {
      PORT: String(barePort),
      DATABASE_URL: database.url,
      FARM_ID: farmId,
    }),
  );
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bareList: Request = { method: 'GET', path: '/bare' };
  const bareInsert: Request = {
    method: 'POST',
    path: '/insert',
    body: () => ({ body: 'A note of some length.' }),
  };
  const requests = await requestsFor(farmId);
  const small = new Map<string, Run>();
  for (const { name, request } of requests.filter((item) => item.request.method === 'GET')) {
    await measure(appUrl, request, cookie); // warm
    small.set(name, await measure(appUrl, request, cookie));
  }

  // ---- then N ----
  console.log(`seeding ${farmCount} farms in all… (${elapsed()})`);
  await seedFarms(execute, await newFarms(queryRows, farmCount - 10));
  await query('vacuum analyze');
  const [counted] = await query<{ entries: string }>('select count(*) as entries from care_entries');
  console.log(
    `${farmCount} farms, ${Number(counted!.entries).toLocaleString('en')} care entries (${elapsed()})`,
  );

  const statements = await statementsPerRequest(requests);
  // each user's own requests (a group's log is of their group): rounds take the users in turn
  const usersRequests = await Promise.all(userFarms.map((farm) => requestsFor(farm)));
  const rows: string[] = [];
  for (const [which, { name, request, baseline }] of requests.entries()) {
    const bare = baseline === 'list' ? bareList : bareInsert;
    await measure(bareUrl, bare, ''); // warm both
    await measure(appUrl, request, cookie);
    const paddockRuns: Run[] = [];
    const bareRuns: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      bareRuns.push(await measure(bareUrl, bare, ''));
      const user = round % users;
      paddockRuns.push(await measure(appUrl, usersRequests[user]![which]!.request, cookies[user]!));
    }
    const p = median(paddockRuns);
    const b = median(bareRuns);
    const atTen = small.get(name);
    rows.push(
      `| ${name} | ${p.rps.toFixed(0)} | ${b.rps.toFixed(0)} (bare ${baseline}) | ${(p.rps / b.rps).toFixed(2)} | ${p.p50} / ${p.p99} ms (bare ${b.p99}) | ${statements.get(name)} | ${atTen ? `${p.p50} vs ${atTen.p50} ms` : '—'} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\nPostgreSQL, ${farmCount} farms × 50 animals × 40 entries; ${connections} connections, ${seconds} s × ${rounds} rounds, medians; ${elapsed()}`,
  );
  console.log(
    `| Request | Paddock req/s | Baseline req/s | Ratio | p50 / p99 | Statements | p50 at ${farmCount} vs 10 farms |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await client.end().catch(() => {});
  await Promise.all(
    children.map((child) => new Promise((resolve) => (child.kill('SIGTERM'), child.once('exit', resolve)))),
  );
  rmSync(join(process.cwd(), 'node_modules', '.cache', `paddock-scale-${process.pid}`), {
    recursive: true,
    force: true,
  });
  if (options.keep) console.log(`kept ${database.url}`);
  else await database.drop();
}
