// npm run bench:explain -- --reuse postgres://…/paddock_scale_…  — where a signed-in GET spends its
// time (issue 31), on a database the bench kept (`npm run bench -- --keep`). For each of the
// bench's reads, as user bench-0 of that database: the app in this process answers it many times
// in a row, and the statements it ran are timed alone on the same database (as prepared
// statements, as the app runs them) and explained (ANALYZE, BUFFERS). The table splits a request's
// time into the database's (its statements, as a client sees them) and the rest (session,
// validation, routing, the response), with the body's size. Figures only, one connection, no
// concurrency: the shares, not the throughput, are the point.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';
import { inProcessApp, requestsFor, type Query } from './scale/harness';
import { idRenewer, keptIds } from './scale/renew-ids';
import { signInBench } from './scale/sign-in';

const { values: options } = parseArgs({
  options: {
    reuse: { type: 'string' },
    times: { type: 'string', default: '300' },
    plans: { type: 'boolean', default: false },
    /** only the requests whose name contains this */
    only: { type: 'string', default: '' },
  },
});
if (!options.reuse) throw new Error('Give a kept database: --reuse postgres://… (npm run bench -- --keep)');
const times = Number(options.times);
const appUrl = 'http://127.0.0.1:3999';

const client = new pg.Client({ connectionString: options.reuse });
await client.connect();
const query: Query = async <Row>(text: string, values: unknown[] = []) =>
  (await client.query(text, values)).rows as Row[];

let capture: { text: string; params: unknown[] }[] | null = null;
const handle = await openDatabase({
  kind: 'postgres',
  url: options.reuse,
  onQuery: (text, params) => capture?.push({ text, params }),
});
const app = inProcessApp(handle.db, {
  APP_URL: appUrl,
  DATABASE_URL: options.reuse,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'paddock-explain-')),
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(32).toString('hex'),
});

const headers = { origin: appUrl, 'content-type': 'application/json' };
const { cookie, farmId } = await signInBench(app, appUrl, query);

/**
 * Of this session's prepared statements named like `pattern`: how many runs used the plan kept
 * (generic) and how many planned afresh (custom: one that looks cheaper is made at each run).
 */
async function plansOf(pattern: string) {
  const { rows } = await client.query<{ generic: number; custom: number }>(
    `select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
     from pg_prepared_statements where name like $1`,
    [pattern],
  );
  return rows[0]!;
}

/**
 * A write: the app's request timed in a row (each with a new batch), then its statements explained
 * (ANALYZE runs them, triggers and all) in a transaction rolled back, so that each trigger's time
 * shows.
 */
async function explainWrite(name: string, send: () => Response | Promise<Response>) {
  await send();
  capture = [];
  const response = await send();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  const statements = capture;
  capture = null;
  let started = process.hrtime.bigint();
  for (let index = 0; index < times; index++) await (await send()).text();
  const whole = perRequest(started);
  // the same statements alone, prepared as the app prepares them, each time with new ids (a batch
  // is written once), committed one by one as the app's are
  const named = statements.map((statement, index) => ({
    ...statement,
    name: `write_${index}_${writes.length}`,
  }));
  const renewedEach = () => {
    const renew = idRenewer(kept);
    return named.map(({ name: statementName, text, params }) => ({
      name: statementName,
      text,
      values: params.map(renew),
    }));
  };
  const runs = Array.from({ length: times }, renewedEach);
  started = process.hrtime.bigint();
  for (const run of runs) for (const statement of run) await client.query(statement);
  const database = perRequest(started);
  const plans = await plansOf(`write\\_%\\_${writes.length}`);
  const lines: string[] = [
    `its statements alone ${database.toFixed(2)} ms (${((database / whole) * 100).toFixed(0)} %), the rest ${(whole - database).toFixed(2)} ms; plans kept / made at each run ${plans.generic} / ${plans.custom}`,
  ];
  // twice: a session compiles PL/pgSQL and plans its statements at the first call; the second shows
  // the cost. Each round in a transaction of its own: rows the first had changed would be the
  // transaction's own in the second, and their foreign keys checked again (not so for a request)
  for (const round of [1, 2]) {
    await client.query('begin');
    try {
      // the same batch again would be a no-op: new ids for what it made (batch, entries), the
      // farm's own records and people kept; one set of new ids for all of a round's statements
      const renew = idRenewer(kept);
      for (const { text, params } of statements) {
        const fresh = params.map(renew);
        const plan = (
          await client.query<{ 'QUERY PLAN': string }>({
            text: `explain (analyze, buffers, format text) ${text}`,
            values: fresh,
          })
        ).rows.map((row) => row['QUERY PLAN']);
        if (round === 2)
          lines.push(...plan.filter((line) => /^(Trigger|Execution Time|Planning Time)/.test(line)));
        if (options.plans) console.log(`\n--- ${name}\n${text}\n${plan.join('\n')}`);
      }
    } finally {
      await client.query('rollback');
    }
  }
  return `${name}: ${whole.toFixed(2)} ms a request, one after another, ${statements.length} statement(s)\n  ${lines.join('\n  ')}`;
}
const writes: string[] = [];
const kept = await keptIds(query, farmId);

const perRequest = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6 / times;
const rows: string[] = [];
for (const { name, request } of await requestsFor(query, farmId)) {
  if (!name.includes(options.only)) continue;
  const send = () =>
    app.request(`${appUrl}${request.path}`, {
      method: request.method,
      headers: { ...headers, cookie },
      body: request.body && JSON.stringify(request.body()),
    });
  if (request.method === 'POST') {
    writes.push(await explainWrite(name, send));
    continue;
  }
  await send(); // the session and the farm's settings are remembered after it
  capture = [];
  const body = await (await send()).text();
  const statements = capture;
  capture = null;
  for (let index = 0; index < 20; index++) await (await send()).text();
  let started = process.hrtime.bigint();
  for (let index = 0; index < times; index++) await (await send()).text();
  const whole = perRequest(started);

  // the same statements alone, prepared as the app prepares them
  const named = statements.map((statement, index) => ({ ...statement, name: `explain_${index}` }));
  for (const { name: statementName, text, params } of named)
    await client.query({ name: `${statementName}_${rows.length}`, text, values: params });
  started = process.hrtime.bigint();
  for (let index = 0; index < times; index++)
    for (const { name: statementName, text, params } of named)
      await client.query({ name: `${statementName}_${rows.length}`, text, values: params });
  const database = perRequest(started);
  // whether PostgreSQL kept one plan for each, or planned it again at every run
  const plans = await plansOf(`explain\\_%\\_${rows.length}`);

  let executed = 0;
  let planned = 0;
  for (const { text, params } of statements) {
    const plan = (
      await client.query<{ 'QUERY PLAN': string }>({
        text: `explain (analyze, buffers, format text) ${text}`,
        values: params,
      })
    ).rows.map((row) => row['QUERY PLAN']);
    executed += Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
    planned += Number(/Planning Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
    if (options.plans) console.log(`\n--- ${name}\n${text}\n${plan.join('\n')}`);
  }
  rows.push(
    `| ${name} | ${whole.toFixed(2)} | ${database.toFixed(2)} (${((database / whole) * 100).toFixed(0)} %) | ${(whole - database).toFixed(2)} | ${executed.toFixed(2)} / ${planned.toFixed(2)} | ${plans.generic} / ${plans.custom} | ${statements.length} | ${(body.length / 1024).toFixed(1)} KB |`,
  );
  console.log(rows.at(-1));
}
console.log(
  `\n${times} requests each, one after another, in this process (no HTTP): ms per request\n| Request | Whole | Its statements alone | The rest | Execution / planning (EXPLAIN ANALYZE) | Plans kept / made at each run (prepared) | Statements | Body |\n|---|---|---|---|---|---|---|---|`,
);
for (const row of rows) console.log(row);
for (const write of writes) console.log(`\n${write}`);
await handle.close();
await client.end();
