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
/**
 * How each read's columns are written, found from its first answer. The app splices the JSON text
 * the database built into its body rather than parsing and writing it again, and so does this: a
 * column of JSON values ('value') as it is, a column of comma-joined objects ('list', a page's
 * items by string_agg) in brackets. Anything else, a title '[Draft] …' too, is written as a string.
 */
type Kind = 'value' | 'list' | 'string';
const kinds = new Map<string, Map<string, Kind>>();
const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
const kindOf = (cells: unknown[]): Kind => {
  const texts = cells.filter((cell): cell is string => typeof cell === 'string');
  if (texts.length < cells.length || texts.length === 0) return 'string';
  if (texts.every((text) => /^[[{]/.test(text) && parses(text))) return 'value';
  if (texts.every((text) => text === '' || (text.startsWith('{') && parses(`[${text}]`)))) return 'list';
  return 'string';
};
app.get('/same/:read', async (c) => {
  const read = c.req.param('read');
  const statements = sameAnswers[read];
  if (!statements?.length) return c.text('no such read', 404);
  let rows: Record<string, unknown>[] = [];
  for (const [index, { text, params }] of statements.entries())
    rows = (await run(`same_${read}_${index}`, text, params)) as Record<string, unknown>[];
  let columns = kinds.get(read);
  if (!columns) {
    const names = Object.keys(rows[0] ?? {});
    columns = new Map(names.map((name) => [name, kindOf(rows.map((row) => row[name]))]));
    kinds.set(read, columns);
  }
  const written = (column: string, cell: unknown) => {
    const kind = columns.get(column);
    return kind === 'value'
      ? (cell as string)
      : kind === 'list'
        ? `[${cell as string}]`
        : JSON.stringify(cell ?? null);
  };
  // one row of one column: its text is the answer; otherwise every row, written as the app would
  const names = rows.length === 1 ? Object.keys(rows[0]!) : [];
  const body =
    names.length === 1
      ? written(names[0]!, rows[0]![names[0]!])
      : `[${rows
          .map(
            (row) =>
              `{${Object.entries(row)
                .map(([column, cell]) => `${JSON.stringify(column)}:${written(column, cell)}`)
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
