// The yardsticks for the benchmarks: a bare Hono server answering a 50-row list (4 columns, by an
// indexed farm id), a one-row insert, and a group's log page (the rows Paddock keeps in group_log,
// the same bytes as its log's page, by one indexed select), each ONE hand-written statement — no middleware, no
// session, no validation. On PostgreSQL (DATABASE_URL: pg, prepared statements) or, without it, on
// the embedded PGlite in DATA_DIR, opened as the app opens it (the same durability settings).
// FARM_ID, PORT.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';

const farmId = process.env.FARM_ID!;
const listAnimals = `select id, name, breed, weight from animals where farm_id = $1 order by name limit 50`;
const logPage = `select coalesce(string_agg(item, ','), '') as items from (select item from group_log
  where farm_id = $1 and group_id = $2 order by date_recorded desc, created_at desc, batch_id desc, row_id desc
  limit 25) page`;
const insertNote = `insert into bench_bare_notes (farm_id, body) values ($1, $2) returning id, farm_id, body, created_at`;

type Statement = (name: string, text: string, values: unknown[]) => Promise<unknown[]>;
async function connect(): Promise<Statement> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return async (name, text, values) => (await pool.query({ name, text, values })).rows;
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR! });
  const client = (
    handle.db as unknown as {
      $client: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
    }
  ).$client;
  process.once('SIGTERM', () => void handle.close().then(() => process.exit(0)));
  return async (_name, text, values) => (await client.query(text, values)).rows;
}

const run = await connect();
await run(
  'create',
  `create table if not exists bench_bare_notes (
  id uuid primary key default gen_random_uuid(), farm_id uuid not null, body text not null,
  created_at timestamptz not null default now())`,
  [],
);
await run('index', `create index if not exists bench_bare_notes_farm_idx on bench_bare_notes (farm_id)`, []);

const app = new Hono();
app.get('/bare', async (c) => c.json(await run('bare_animals', listAnimals, [farmId])));
app.get('/bare-page/:group', async (c) => {
  const [row] = (await run('bare_page', logPage, [farmId, c.req.param('group')])) as { items: string }[];
  return c.body(`[${row!.items}]`, 200, { 'content-type': 'application/json' });
});
app.post('/insert', async (c) => {
  const { body } = await c.req.json<{ body: string }>();
  const [row] = await run('bare_insert', insertNote, [farmId, body]);
  return c.json(row, 201);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
