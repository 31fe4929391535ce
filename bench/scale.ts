// npm run bench — Paddock at scale on PostgreSQL (issue 10): seeds N farms × 50 animals × 40 care
// entries by SQL, starts the compiled server and a bare Hono + pg server (one-query list, one-row
// insert) on the same database, signs in a handful of users, and runs each signed-in endpoint
// interleaved with its baseline for several rounds (autocannon), printing req/s, p50/p99, the ratio,
// statements per request and p50 at N farms against 10, then the notification run's pass (one
// query across farms, bench/scale/notification-pass.ts) at N and 10. Figures only: nothing here
// passes or fails on time.
//
//   npm run bench                          # 10,000 farms (about 20 million entries)
//   npm run bench -- --farms 1000 --rounds 2 --seconds 5
//   npm run bench -- --quick               # 200 farms, one short round: a smoke run
//   npm run bench -- --keep                # keep the seeded database, and say how to reuse it
//   npm run bench -- --reuse postgres://…/paddock_scale_…   # measure a kept database again, no seeding
//   npm run bench -- --reuse … --only milk  # again, only the requests whose name says milk
//   BENCH_DATABASE_URL=postgres://…/postgres (default: the local server, user postgres)
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';
import { batchSize } from '../src/server/features/notifications/notifications.job';
import { freshPostgresDatabase } from '../test/support/fresh-database';
import {
  answerBytes,
  bare as barePaths,
  freePort,
  inProcessApp,
  measure,
  measureFarms,
  median,
  requestsFor,
  signIn,
  residentMb,
  signUp,
  spread,
  start,
  stop,
  type Query,
  type Request,
  type Run,
} from './scale/harness';
import { pgliteBench } from './scale/pglite';
import { notificationPass } from './scale/notification-pass';
import { newFarms, seedFarms } from './scale/seed';

const { values: options } = parseArgs({
  options: {
    farms: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '8' },
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'pglite-farms': { type: 'string', default: '100' },
    /** only the requests whose name contains this (a second look at one page) */
    only: { type: 'string', default: '' },
  },
});
const quick = options.quick;
const farmCount = quick ? 200 : Number(options.farms);
const pgliteFarms = quick ? 20 : Number(options['pglite-farms']);
const seconds = quick ? 3 : Number(options.seconds);
const rounds = quick ? 1 : Number(options.rounds);
const connections = Number(options.connections);
/** signed-in users, each with a farm of their own: the load's connections are shared among them */
const users = 8;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const load = { connections, seconds };
/** A baseline whose rounds differ by more than this (of their median) says the machine is busy. */
const busySpread = 0.15;
const reuse = options.reuse;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const database = reuse
  ? { url: reuse, drop: async () => {} }
  : await freshPostgresDatabase('paddock_scale', adminUrl);
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
  const appServer = await start([join(serverDir, 'main.js')], appEnv);
  children.push(appServer);
  await client.connect();
  const query: Query = async <Row>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as Row[];

  // ---- a handful of signed-in users ----
  const headers = { origin: appUrl, 'content-type': 'application/json' };
  const cookies: string[] = [];
  const password = 'benchmark password';
  // a reused database remembers the sign-ins of the runs before (and of bench:explain): forgotten,
  // or the sign-in limit answers 429 to this run's users
  if (reuse) await query('delete from rate_limit');
  for (let index = 0; index < users; index++) {
    const email = `bench-${index}@example.com`;
    // a reused database has them already
    if (!reuse) {
      await signUp(appUrl, email, password);
      await query(`update "user" set email_verified = true where email = $1`, [email]);
    }
    cookies.push(await signIn(appUrl, email, password));
  }
  // each signed-in user's farm, in their order (not every profile's: a reused database's seeded
  // farms have owners too)
  const emails = cookies.map((_, index) => `bench-${index}@example.com`);
  const userFarms = (
    await query<{ farm_id: string }>(
      `select p.farm_id from profiles p join "user" u on u.id = p.user_id
       where u.email = any($1) order by array_position($1, u.email)`,
      [emails],
    )
  ).map((row) => row.farm_id);

  const execute = (text: string, values: unknown[]) => client.query(text, values);
  const queryRows = (text: string, values: unknown[]) => query<{ id: string }>(text, values);

  // ---- what a signed-in user asks for (of their own farm) ----
  const farmId = userFarms[0]!;
  // started and signed in to, before any load: the server on PostgreSQL at rest
  const idleRss = residentMb(appServer.pid);
  const cookie = cookies[0]!;
  // ---- statements per request, counted by an in-process app on the same database; each read's
  // statements kept with their parameters, for the bare server to send them as they are ----
  async function statementsPerRequest(requests: { name: string; request: Request }[]) {
    const queries: { text: string; params: unknown[] }[] = [];
    const handle = await openDatabase({
      kind: 'postgres',
      url: database.url,
      onQuery: (text, params) => queries.push({ text, params }),
    });
    const app = inProcessApp(handle.db, { ...appEnv, NODE_ENV: 'test' });
    const counts = new Map<string, string>();
    const reads: Record<number, { text: string; params: unknown[] }[]> = {};
    for (const [which, { name, request }] of requests.entries()) {
      const send = () =>
        app.request(`${appUrl}${request.path}`, {
          method: request.method,
          headers: { ...headers, cookie },
          body: request.body ? JSON.stringify(request.body()) : undefined,
        });
      await send(); // warm: the session and the farm's settings are remembered after it
      // a read is remembered after it too (decision 0062): the farm's version moved on, as by a
      // write, so that it is computed again, then asked once more, remembered
      if (request.method === 'GET')
        await handle.db.execute(
          sql`update farm_versions set version = nextval('farm_version_seq') where farm_id = ${farmId}`,
        );
      const before = queries.length;
      const response = await send();
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      const computed = queries.length;
      if (request.method !== 'GET') {
        counts.set(name, String(computed - before));
        continue;
      }
      reads[which] = queries.slice(before);
      await send();
      counts.set(name, `${computed - before} (${queries.length - computed} remembered)`);
    }
    await handle.close();
    return { counts, reads };
  }

  // ---- 10 farms first (the signed-in users' and a few more) ----
  if (!reuse) {
    console.log(`seeding 10 farms… (${elapsed()})`);
    const firstFarms = [...userFarms, ...(await newFarms(queryRows, 10 - users))];
    await seedFarms(execute, firstFarms);
    await query('analyze');
  }
  const requests = await requestsFor(query, farmId);
  // (counted at 10 farms: a request's statements do not depend on how many farms there are)
  const { counts: statements, reads } = await statementsPerRequest(requests);
  const sameAnswers = join(work, 'same-answers.json');
  writeFileSync(sameAnswers, JSON.stringify(reads));
  const barePort = await freePort();
  children.push(
    await start(['--import', 'tsx', 'bench/bare-server.ts'], {
      PORT: String(barePort),
      DATABASE_URL: database.url,
      FARM_ID: farmId,
      SAME_ANSWERS: sameAnswers,
    }),
  );
  const bareUrl = `http://127.0.0.1:${barePort}`;
  // (a reused database is at N already: no figures at 10 farms)
  const small = new Map<string, Run>();
  for (const { name, request } of reuse ? [] : requests.filter((item) => item.request.method === 'GET')) {
    await measure(appUrl, request, cookie, load); // warm
    small.set(name, await measure(appUrl, request, cookie, load));
  }
  /** the notification run's pass, timed with every owner given a phone (measured, then rolled back) */
  const passName = 'notification pass';
  const passAtTen = !reuse && passName.includes(options.only) ? await notificationPass(client) : null;

  // ---- then N ----
  if (!reuse) {
    console.log(`seeding ${farmCount} farms in all… (${elapsed()})`);
    await seedFarms(execute, await newFarms(queryRows, farmCount - 10));
    await query('vacuum analyze');
  }
  const [counted] = await query<{ entries: string; farms: string }>(
    'select (select count(*) from care_entries) as entries, (select count(*) from farms) as farms',
  );
  const farmsMeasured = Number(counted!.farms);
  console.log(
    `${farmsMeasured} farms, ${Number(counted!.entries).toLocaleString('en')} care entries (${elapsed()})`,
  );

  // each user's own requests (a group's log is of their group): every round asks as all of them
  // One pg client answers one query at a time: ask for each user's requests in turn.
  const usersRequests = [];
  for (const farm of userFarms) usersRequests.push(await requestsFor(query, farm));
  const rows: string[] = [];
  const busy: string[] = [];
  for (const [which, { name, baseline, bare }] of requests.entries()) {
    if (!name.includes(options.only)) continue;
    // every user at once, each on their own farm, and the bare server asked as many ways
    const callers = usersRequests.map((own, user) => ({
      request: own[which]!.request,
      cookie: cookies[user]!,
    }));
    const bareCallers = callers.map(() => ({ request: bare, cookie: '' }));
    // a read is also measured against its own answer served bare: the first user's statements
    // (one farm, as the bare list's), sent by the bare server for each caller — what the app adds
    // to the database's work, and nothing else
    const sameCallers = reads[which]
      ? callers.map(() => ({ request: barePaths.same(which), cookie: '' }))
      : null;
    await measureFarms(bareUrl, bareCallers, load); // warm all three
    await measureFarms(appUrl, callers, load);
    if (sameCallers) await measureFarms(bareUrl, sameCallers, load);
    const paddockRuns: Run[] = [];
    const bareRuns: Run[] = [];
    const sameRuns: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      bareRuns.push(await measureFarms(bareUrl, bareCallers, load));
      paddockRuns.push(await measureFarms(appUrl, callers, load));
      if (sameCallers) sameRuns.push(await measureFarms(bareUrl, sameCallers, load));
    }
    const p = median(paddockRuns);
    const b = median(bareRuns);
    const atTen = small.get(name);
    /** a baseline's spread as the table shows it; over busySpread, the baseline is named in the warning */
    const spreadOf = (runs: Run[], baselineName: string) => {
      const share = spread(runs);
      if (share > busySpread) busy.push(baselineName);
      return `${(share * 100).toFixed(0)} %${share > busySpread ? ' ⚠' : ''}`;
    };
    const bareSpread = spreadOf(bareRuns, name);
    let same = '— | —';
    if (sameCallers) {
      const s = median(sameRuns);
      const sameSpread = spreadOf(sameRuns, `${name} (its answer bare)`);
      const bytes = await answerBytes(
        { url: appUrl, request: callers[0]!.request, cookie: cookies[0]! },
        { url: bareUrl, request: barePaths.same(which) },
      );
      same = `${s.rps.toFixed(0)} (${sameSpread}; ${bytes}) | ${(p.rps / s.rps).toFixed(2)}`;
    }
    rows.push(
      `| ${name} | ${p.rps.toFixed(0)} | ${b.rps.toFixed(0)} (bare ${baseline}) | ${bareSpread} | ${(p.rps / b.rps).toFixed(2)} | ${same} | ${p.p50} / ${p.p99} ms (bare ${b.p99}) | ${statements.get(name)} | ${atTen ? `${p.p50} vs ${atTen.p50} ms` : '—'} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    `\nPostgreSQL, ${farmsMeasured} farms × 50 animals × 40 entries; ${connections} connections, ${seconds} s × ${rounds} rounds, medians; ${elapsed()}`,
  );
  console.log(
    `| Request | Paddock req/s | Baseline req/s | Baseline spread | Ratio | Its answer bare: req/s (spread; bytes, Paddock's / bare's) | Ratio to it | p50 / p99 | Statements | p50 at ${farmsMeasured} vs 10 farms |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (passName.includes(options.only)) {
    const pass = await notificationPass(client);
    const atTen = passAtTen ? ` (${passAtTen.quiet.toFixed(1)} ms at 10 farms)` : '';
    const morningAtTen = passAtTen ? ` (${passAtTen.morning.toFixed(1)} ms at 10)` : '';
    console.log(
      `\nThe notification run's pass, one query a minute across farms, every farm's owner given a phone (${pass.subscribed} people): a quiet minute (nothing owed) ${pass.quiet.toFixed(1)} ms${atTen}; the morning's first pass ${pass.morning.toFixed(1)} ms for ${pass.owed} notifications (a pass takes ${batchSize} at most)${morningAtTen}. It reads each person with a device once a minute: it grows with them, not with the farms' records.`,
    );
  }
  console.log(`\nIdle RSS of the server on PostgreSQL: ${idleRss ?? '?'} MB (goal ≤ 150 MB)`);
  if (busy.length)
    console.log(
      `\n⚠ The machine was too busy to compare: the baseline's rounds differ by more than ${busySpread * 100} % for ${busy.join(', ')}. Run again on a quiet machine (--reuse skips the seeding).`,
    );

  // ---- the embedded default ----
  if (pgliteFarms > 0) {
    await Promise.all(children.splice(0).map(stop));
    const pglite = await pgliteBench({
      farms: pgliteFarms,
      rounds,
      load,
      serverMain: join(serverDir, 'main.js'),
      work,
      log: (line) => console.log(`${line} (${elapsed()})`),
    });
    console.log(
      `\nPGlite (the embedded default), ${pgliteFarms} farms × 50 animals × 40 entries, against a bare Hono + PGlite on the same data folder, taking turns; ${elapsed()}`,
    );
    console.log('| Request | Paddock req/s | Baseline req/s | Baseline spread | Ratio | p50 / p99 |');
    console.log('|---|---|---|---|---|---|');
    for (const row of pglite.rows) console.log(row);
    console.log(`\nIdle RSS of the embedded default (PGlite): ${pglite.idleRss ?? '?'} MB (goal ≤ 300 MB)`);
  }
} finally {
  await client.end().catch(() => {});
  await Promise.all(children.map(stop));
  rmSync(join(process.cwd(), 'node_modules', '.cache', `paddock-scale-${process.pid}`), {
    recursive: true,
    force: true,
  });
  if (reuse) console.log(`reused ${reuse} (kept)`);
  else if (options.keep)
    console.log(`kept the seeded database; measure it again with: npm run bench -- --reuse ${database.url}`);
  else await database.drop();
}
