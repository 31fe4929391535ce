// The yardsticks for the benchmarks: a bare Hono + pg server answering a 50-row list (4 columns, by
// an indexed farm id) and a one-row insert, each ONE hand-written prepared statement — no
// middleware, no session, no validation. DATABASE_URL, FARM_ID, PORT.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const farmId = process.env.FARM_ID!;
const listAnimals = `select id, name, breed, weight from animals where farm_id = $1 order by name limit 50`;
const insertNote = `insert into bench_bare_notes (farm_id, body) values ($1, $2) returning id, farm_id, body, created_at`;
await pool.query(`create table if not exists bench_bare_notes (
  id uuid primary key default gen_random_uuid(), farm_id uuid not null, body text not null,
  created_at timestamptz not null default now())`);
await pool.query(`create index if not exists bench_bare_notes_farm_idx on bench_bare_notes (farm_id)`);

const app = new Hono();
app.get('/bare', async (c) => {
  const result = await pool.query({ name: 'bare_animals', text: listAnimals, values: [farmId] });
  return c.json(result.rows);
});
app.post('/insert', async (c) => {
  const { body } = await c.req.json<{ body: string }>();
  const result = await pool.query({ name: 'bare_insert', text: insertNote, values: [farmId, body] });
  return c.json(result.rows[0], 201);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
