// The yardstick for bench/throughput.ts: a bare Hono + pg endpoint running one query.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const farmId = process.env.FARM_ID!;
const app = new Hono();
app.get('/bare', async (c) => {
  const result = await pool.query({
    name: 'bare',
    text: 'select id, name, time_zone, weight_unit from farms where id = $1',
    values: [farmId],
  });
  return c.json(result.rows[0]);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
