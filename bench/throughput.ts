// Throughput of an authenticated Paddock API endpoint against a bare one-query Hono + pg endpoint
// on the same PostgreSQL: reports both figures and their ratio (the house budget is ≥ 0.80).
// usage: npm run bench:throughput   (BENCH_DATABASE_URL defaults to the local PostgreSQL)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshPostgresDatabase } from '../test/support/fresh-database';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
let path = process.env.BENCH_PATH ?? '/api/v1/animals';
const herdSize = Number(process.env.BENCH_ANIMALS ?? 30);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function start(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(ready)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

const database = await freshPostgresDatabase('paddock_bench', adminUrl);
const databaseUrl = database.url;
const children: ChildProcess[] = [];

try {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  children.push(
    await start(
      ['src/server/main.ts'],
      {
        PORT: String(port),
        APP_URL: appUrl,
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'paddock-bench-')),
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        AUTH_SECRET: randomBytes(32).toString('hex'),
      },
      'Paddock is running',
    ),
  );
  const email = 'bench@example.com';
  const password = 'benchmark password';
  const headers = { origin: appUrl, 'content-type': 'application/json' };
  await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, name: '' }),
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`update "user" set email_verified = true where email = $1`, [email]);
  const farmId = (await db.query<{ farm_id: string }>('select farm_id from profiles limit 1')).rows[0]!
    .farm_id;
  await db.end();
  const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  // A typical hobby farm: a few groups, a few dozen animals, each in one or two groups.
  const post = async (route: string, body: unknown) =>
    (await (
      await fetch(`${appUrl}${route}`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify(body),
      })
    ).json()) as { id: string };
  const groupIds = [];
  for (const name of ['Goats', 'Chickens', 'Sheep', 'Show team'])
    groupIds.push((await post('/api/v1/groups', { name })).id);
  for (let index = 0; index < herdSize; index++) {
    await post('/api/v1/animals', {
      name: `Animal ${index}`,
      breed: 'Mixed',
      sex: 'female',
      birthDate: '2022-05-01',
      weight: 50 + index,
      tagId: `T-${index}`,
      groupIds: index % 3 === 0 ? [groupIds[index % 3]!, groupIds[3]!] : [groupIds[index % 3]!],
    });
  }

  // A season of the first group's care, when asked (BENCH_BATCHES): weekly batches for the group
  // and some animals' own notes; BENCH_PATH may name the group as {group}.
  const batches = Number(process.env.BENCH_BATCHES ?? 0);
  const members = (await (
    await fetch(`${appUrl}/api/v1/groups/${groupIds[0]}/animals`, { headers: { ...headers, cookie } })
  ).json()) as { id: string }[];
  for (let week = 0; week < batches; week++) {
    const date = new Date(Date.UTC(2025, 0, 1) + week * 7 * 86_400_000).toISOString().slice(0, 10);
    await post('/api/v1/care-entries', {
      type: 'weight',
      groupId: groupIds[0],
      dateRecorded: date,
      weights: members.map((animal, index) => ({ animalId: animal.id, weightValue: 40 + index + week / 10 })),
    });
    await post('/api/v1/care-entries', {
      type: 'note',
      dateRecorded: date,
      title: `Week ${week}`,
      noteContent: 'Checked hooves.',
      animalIds: [members[week % members.length]!.id],
    });
  }
  path = path.replace('{group}', groupIds[0]!);

  const barePort = await freePort();
  children.push(
    await start(
      ['bench/bare-server.ts'],
      { PORT: String(barePort), DATABASE_URL: databaseUrl, FARM_ID: farmId },
      'ready',
    ),
  );

  // Warm both up, then measure each twice, interleaved, and keep the better run of each.
  await measure(`http://127.0.0.1:${barePort}/bare`, {});
  await measure(`${appUrl}${path}`, { cookie });
  const bare = [];
  const paddock = [];
  for (let round = 0; round < 2; round++) {
    bare.push(await measure(`http://127.0.0.1:${barePort}/bare`, {}));
    paddock.push(await measure(`${appUrl}${path}`, { cookie }));
  }
  const best = (runs: { requestsPerSecond: number; p99: number }[]) =>
    runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const b = best(bare);
  const p = best(paddock);
  const ratio = p.requestsPerSecond / b.requestsPerSecond;
  console.log(`herd of ${herdSize} animals in 4 groups; ${connections} connections, ${seconds} s per run`);
  console.log(`bare Hono + pg, one query:     ${b.requestsPerSecond.toFixed(0)} req/s (p99 ${b.p99} ms)`);
  console.log(
    `Paddock GET ${path} (authenticated): ${p.requestsPerSecond.toFixed(0)} req/s (p99 ${p.p99} ms)`,
  );
  console.log(`ratio: ${ratio.toFixed(2)} (budget ≥ 0.80) ${ratio >= 0.8 ? 'OK' : 'BELOW BUDGET'}`);
} finally {
  await Promise.all(
    children.map((child) => new Promise((resolve) => (child.kill('SIGTERM'), child.once('exit', resolve)))),
  );
  if (process.env.BENCH_KEEP) console.log(`kept ${databaseUrl}`);
  else await database.drop();
}
