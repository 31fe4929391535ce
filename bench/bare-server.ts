// The yardstick for bench/throughput.ts: a bare Hono + pg endpoint answering a 50-row list with ONE
// hand-written query, no middleware, no session, no validation.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const farmId = process.env.FARM_ID!;
// The yardstick: 4 columns, 50 rows, by an indexed farm id.
const listAnimals = `select id, name, breed, weight from animals where farm_id = $1 order by name limit 50`;

const app = new Hono();
app.get('/bare', async (c) => {
  const result = await pool.query({ name: 'bare_animals', text: listAnimals, values: [farmId] });
  return c.json(result.rows);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
