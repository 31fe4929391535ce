// The PGlite part of npm run bench: the compiled server on its embedded default (DATA_DIR, no
// DATABASE_URL) with N farms seeded by SQL, against the bare Hono server on the same PGlite data
// folder. PGlite is one process's database, so the two take turns: each round starts the bare
// server, measures its list and insert, stops it, then starts the app and measures every request.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import {
  freePort,
  measure,
  median,
  residentMb,
  spread,
  requestsFor,
  signIn,
  signUp,
  start,
  stop,
  type Load,
  type Query,
  type Run,
} from './harness';
import { newFarms, seedFarms } from './seed';

type PgliteClient = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export async function pgliteBench(options: {
  farms: number;
  rounds: number;
  load: Load;
  serverMain: string;
  work: string;
  log: (line: string) => void;
}): Promise<{ rows: string[]; idleRss: number | null }> {
  const { load, rounds } = options;
  const dataDir = join(options.work, 'pglite-data');
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const appEnv = {
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  const email = 'bench-pglite@example.com';
  const password = 'benchmark password';

  // the app makes its database and the user's farm, then stops; the farms are seeded offline
  let app = await start([options.serverMain], appEnv);
  await signUp(appUrl, email, password);
  await stop(app);
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  const client = (handle.db as unknown as { $client: PgliteClient }).$client;
  const query: Query = async <Row>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as Row[];
  await query(`update "user" set email_verified = true where email = $1`, [email]);
  const [{ farm_id: farmId }] = (await query<{ farm_id: string }>(
    `select p.farm_id from profiles p join "user" u on u.id = p.user_id where u.email = $1`,
    [email],
  )) as [{ farm_id: string }];
  options.log(`PGlite: seeding ${options.farms} farms…`);
  await seedFarms(
    (text, values) => client.query(text, values),
    [farmId, ...(await newFarms(query, options.farms - 1))],
  );
  await query('vacuum analyze');
  const requests = await requestsFor(query, farmId);
  await handle.close();

  const bareEnv = {
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    FARM_ID: farmId,
  };
  const bareUrl = `http://127.0.0.1:${bareEnv.PORT}`;
  const warm = { ...load, seconds: 1 };
  const yardsticks = [...new Map(requests.map(({ bare }) => [bare.path, bare])).values()];
  const bareRuns = new Map<string, Run[]>(yardsticks.map((bare) => [bare.path, []]));
  const appRuns = requests.map(() => [] as Run[]);
  let cookie = '';
  let idleRss: number | null = null;
  for (let round = 0; round < rounds; round++) {
    const server = await start(['--import', 'tsx', 'bench/bare-server.ts'], bareEnv);
    for (const bare of yardsticks) {
      await measure(bareUrl, bare, '', warm);
      bareRuns.get(bare.path)!.push(await measure(bareUrl, bare, '', load));
    }
    await stop(server);
    app = await start([options.serverMain], appEnv);
    cookie ||= await signIn(appUrl, email, password);
    // started and signed in to, before any load: the embedded default at rest
    if (round === 0) idleRss = residentMb(app.pid);
    for (const [index, { request }] of requests.entries()) {
      await measure(appUrl, request, cookie, warm);
      appRuns[index]!.push(await measure(appUrl, request, cookie, load));
    }
    await stop(app);
  }
  const rows = requests.map(({ name, baseline, bare }, index) => {
    const p = median(appRuns[index]!);
    const b = median(bareRuns.get(bare.path)!);
    return `| ${name} | ${p.rps.toFixed(0)} | ${b.rps.toFixed(0)} (bare ${baseline}) | ${(spread(bareRuns.get(bare.path)!) * 100).toFixed(0)} % | ${(p.rps / b.rps).toFixed(2)} | ${p.p50} / ${p.p99} ms (bare ${b.p99}) |`;
  });
  return { rows, idleRss };
}
