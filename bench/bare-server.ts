// The yardsticks for the benchmarks: a bare Hono server answering a 50-row list (4 columns, by an
// indexed farm id), a one-row insert, and each of the bench's reads as Paddock answers it (the
// statements the app sent for it, captured by bench/scale.ts and given in SAME_ANSWERS, their
// answer sent as it came) — no middleware, no session, no validation. On PostgreSQL (DATABASE_URL:
// pg, prepared statements) or, without it, on the embedded PGlite in DATA_DIR, opened as the app
// opens it (the same durability settings). FARM_ID, PORT, SAME_ANSWERS (optional).
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';

const farmId = process.env.FARM_ID!;
const listAnimals = `select id, name, breed, weight from animals where farm_id = $1 order by name limit 50`;
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
/** Each read's statements as the app sent them, by the read's number (bench/scale.ts). */
const sameAnswers = (
  process.env.SAME_ANSWERS ? JSON.parse(readFileSync(process.env.SAME_ANSWERS, 'utf8')) : {}
) as Record<string, { text: string; params: unknown[] }[]>;
app.get('/same/:read', async (c) => {
  const read = c.req.param('read');
  const statements = sameAnswers[read];
  if (!statements?.length) return c.text('no such read', 404);
  let rows: Record<string, unknown>[] = [];
  for (const [index, { text, params }] of statements.entries())
    rows = (await run(`same_${read}_${index}`, text, params)) as Record<string, unknown>[];
  // the app's answers are JSON the database built (a text column holding an object or a list),
  // spliced rather than parsed and written again: so here, a lone column's text is the answer,
  // and otherwise each row is written with its JSON text put in as it is
  const raw = (value: unknown) =>
    typeof value === 'string' && /^[[{]/.test(value) ? value : JSON.stringify(value ?? null);
  const only = rows.length === 1 ? Object.values(rows[0]!) : [];
  const body =
    only.length === 1
      ? raw(only[0])
      : `[${rows
          .map(
            (row) =>
              `{${Object.entries(row)
                .map(([key, value]) => `${JSON.stringify(key)}:${raw(value)}`)
                .join(',')}}`,
          )
          .join(',')}]`;
  return c.body(body, 200, { 'content-type': 'application/json' });
});
app.post('/insert', async (c) => {
  const { body } = await c.req.json<{ body: string }>();
  const [row] = await run('bare_insert', insertNote, [farmId, body]);
  return c.json(row, 201);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
