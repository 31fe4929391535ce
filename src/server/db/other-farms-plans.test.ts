// A farm's reads cost what its own records cost, however many other farms share the tables (issue 31:
// cost flat as data grows). On PostgreSQL, beside 3,000 other farms (their accounts, and a species
// of their own), 300 of them seeded as the benchmark seeds them (groups, animals, eggs, cabinet,
// money, reminders, six notes an animal), every GET of the API
// that a farm's user makes is run, and each statement it ran is explained (ANALYZE) with the
// parameters it was sent: no statement may read a table row by row past the farm's own rows
// (and a few more: the built-in species). A
// join the planner made by hashing every farm's groups (the egg collections' names, 0.8 of the
// list's 1.2 ms at 1,000 farms) fails here. And a group's weigh-in touches as many buffers
// (auto_explain's plans of its triggers' statements) beside 10,000 rows of the group's log as
// beside a season's: the log's upkeep once read the group's whole log at every batch. PGlite holds
// one farm's data: nothing to compare.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idRenewer, keptIds } from '../../../bench/scale/renew-ids';
import { newFarms, seedFarms } from '../../../bench/scale/seed';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { permissions } from '../http/permissions';

/** Rows a scan may read past the farm's own in a table (the built-in species, a few accounts). */
const slack = 100;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/**
 * The sequential scans of a plan that read more rows than the farm keeps in their table (`own`, by
 * table), as 'table (rows read)'.
 */
function wideScans(node: PlanNode, own: Map<string, number>): string[] {
  const read = (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
  const table = node['Relation Name'] ?? '';
  const here =
    node['Node Type'] === 'Seq Scan' && read > (own.get(table) ?? 0) + slack
      ? [`${table} (${read} rows read)`]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => wideScans(child, own))];
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("a farm's reads and writes beside many farms", () => {
  let t: TestApp;
  let client: pg.Client;
  let cookie: string;
  const ids: Record<string, string> = {};
  /** how many rows the farm has in each table with a farm_id */
  const own = new Map<string, number>();
  /** Runs a statement on the test's own connection; its rows. */
  const query = async <Row>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as Row[];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    ({ cookie } = await t.signUpAndConfirm('many-farms@example.com'));
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const [{ farm_id: farm }] = (await query<{ farm_id: string }>(
      `select p.farm_id from profiles p join "user" u on u.id = p.user_id where u.email = $1`,
      ['many-farms@example.com'],
    )) as [{ farm_id: string }];
    const execute = (text: string, values: unknown[]) => client.query(text, values);
    await seedFarms(execute, [farm]);
    // 3,000 farms, 300 of them with animals and records: the tables of accounts and farms are as
    // large, beside one farm's rows, as they are for a server of many farms (a table of 300 rows
    // is rightly read whole, and would hide a read of every farm's)
    const farms = await newFarms(query, 3_000);
    const others = farms.slice(0, 300);
    await seedFarms(execute, others, { history: false });
    // and a history of their own, six notes an animal: the farm's 2,000 entries are 2 % of the
    // table, not the most of it (a table of mostly one farm's rows is rightly read whole). Written
    // without their triggers (replica), as no read here shows them: the kept item given, no group log.
    await query(`set session_replication_role = replica`);
    await query(
      `insert into care_entries (id, farm_id, animal_id, batch_id, type, date_recorded, title, note_content, item)
       select gen_random_uuid(), a.farm_id, a.id, gen_random_uuid(), 'note', current_date - k * 7, 'Checked',
         'All well.', '{}'
       from animals a cross join generate_series(1, 6) k where a.farm_id = any($1::uuid[])`,
      [others],
    );
    await query(`set session_replication_role = origin`);
    // a species of each farm's own (a farm's list of species is the built-in ones and its own)
    await query(
      `insert into species (id, farm_id, name) select gen_random_uuid(), f, 'Heritage goat' from unnest($1::uuid[]) f`,
      [[farm, ...farms]],
    );
    await query('analyze');
    const tables = await query<{ table: string }>(
      `select table_name as table from information_schema.columns
       where table_schema = 'public' and column_name = 'farm_id'`,
    );
    for (const { table } of tables) {
      const [row] = await query<{ n: number }>(
        `select count(*)::int as n from "${table}" where farm_id = $1`,
        [farm],
      );
      own.set(table, row!.n);
    }
    ids.farm = farm;
    const one = async (text: string, ...values: unknown[]) =>
      (await query<{ id: string }>(text, [farm, ...values]))[0]!.id;
    ids.group = await one(`select id from groups where farm_id = $1 and name = 'Group 1'`);
    ids.animal = await one(
      `select animal_id as id from animal_groups where farm_id = $1 and group_id = $2 limit 1`,
      ids.group,
    );
    ids.careEntry = await one(
      `select id from care_entries where farm_id = $1 and animal_id = $2 limit 1`,
      ids.animal,
    );
    ids.medicine = await one(`select id from medicines where farm_id = $1 limit 1`);
    ids.lot = await one(`select id from medicine_lots where farm_id = $1 limit 1`);
    ids.money = await one(`select id from money_entries where farm_id = $1 limit 1`);
    ids.reminder = await one(`select id from reminders where farm_id = $1 limit 1`);
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  /** A route's path with the farm's own records for its ids (another id for a route of none here). */
  function pathOf(route: string): string {
    const record = {
      '/api/v1/groups/': ids.group,
      '/api/v1/animals/': ids.animal,
      '/api/v1/care-entries/': ids.careEntry,
      '/api/v1/medicines/': ids.medicine,
      '/api/v1/medicine-lots/': ids.lot,
      '/api/v1/money/': ids.money,
      '/api/v1/reminders/': ids.reminder,
    };
    const prefix = Object.keys(record).find((each) => route.startsWith(each)) as keyof typeof record;
    const path = route.replace(':id', (prefix && record[prefix]) ?? randomUUID());
    return path.endsWith('/by-tag') ? `${path}?code=T-0001` : path;
  }

  it('reads no table row by row past its own rows, on any GET of the API', async () => {
    const routes = Object.keys(permissions)
      .filter((key) => key.startsWith('GET /api/v1/'))
      .map((key) => key.slice('GET '.length));
    expect(routes.length).toBeGreaterThan(40);
    const found: string[] = [];
    let explained = 0;
    for (const route of routes) {
      const path = pathOf(route);
      const calls = await t.callsOf(async () => {
        const response = await t.request(path, { cookie });
        await response.arrayBuffer();
        // every id is the farm's own: each read answers, or has nothing to show (no photo yet)
        expect([200, 404], `${path}: ${response.status}`).toContain(response.status);
      });
      for (const { text, params } of calls) {
        if (!/^\s*(select|with)\b/i.test(text)) continue;
        const [row] = (
          await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
            text: `explain (analyze, format json) ${text}`,
            values: params,
          })
        ).rows;
        explained++;
        found.push(...wideScans(row!['QUERY PLAN'][0].Plan, own).map((scan) => `${route}: ${scan}`));
      }
    }
    expect(explained).toBeGreaterThan(routes.length);
    expect(found).toEqual([]);
  }, 120_000);

  /**
   * The buffers a care write touches, its triggers' statements included (auto_explain's nested
   * plans, as notices to this session): the POST's statement run again in a transaction rolled
   * back, with new ids for what it made.
   */
  async function buffersOf(call: { text: string; params: unknown[] }): Promise<number> {
    const renew = idRenewer(await keptIds(query, ids.farm!));
    let buffers = 0;
    const count = (notice: { message?: string }) => {
      const plan = /plan:\s*([\s\S]*)$/.exec(notice.message ?? '')?.[1];
      if (!plan) return;
      const { Plan: top } = JSON.parse(plan) as { Plan: Record<string, number> };
      buffers += (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
    };
    await client.query('begin');
    try {
      await client.query(`load 'auto_explain'`);
      await client.query(`set local auto_explain.log_min_duration = 0`);
      await client.query(`set local auto_explain.log_nested_statements = on`);
      await client.query(`set local auto_explain.log_analyze = on`);
      await client.query(`set local auto_explain.log_timing = off`);
      await client.query(`set local auto_explain.log_buffers = on`);
      await client.query(`set local auto_explain.log_format = json`);
      await client.query(`set local client_min_messages = log`);
      client.on('notice', count);
      await client.query({ text: call.text, values: call.params.map(renew) });
    } finally {
      client.off('notice', count);
      await client.query('rollback');
    }
    return buffers;
  }

  it("writes a group's weigh-in at the same cost beside a long history of the group", async () => {
    // Group 2 of the farm gets 10,000 more rows of its log (years of batches); Group 1 has its season
    const [{ id: longLogged }] = (await query<{ id: string }>(
      `select id from groups where farm_id = $1 and name = 'Group 2'`,
      [ids.farm],
    )) as [{ id: string }];
    await query(
      `insert into group_log (farm_id, row_id, group_id, own, batch_id, date_recorded, created_at, item)
       select $1, b, $2, false, b, current_date - 700 - n / 20, now() - (700 + n / 20) * interval '1 day', '{}'
       from (select n, gen_random_uuid() as b from generate_series(1, 10000) n) batches`,
      [ids.farm, longLogged],
    );
    // and the other farms' groups a log of their own (their entries were written without it)
    await query(
      `insert into group_log (farm_id, row_id, group_id, own, batch_id, date_recorded, created_at, item)
       select farm_id, b, id, false, b, current_date - n, now() - n * interval '1 day', '{}'
       from (select g.farm_id, g.id, n, gen_random_uuid() as b from groups g cross join generate_series(1, 20) n
             where g.farm_id <> $1) batches`,
      [ids.farm],
    );
    await query('analyze group_log');
    const weighIn = async (groupId: string) => {
      const members = await query<{ id: string }>(
        `select animal_id as id from animal_groups where farm_id = $1 and group_id = $2`,
        [ids.farm, groupId],
      );
      const calls = await t.callsOf(async () => {
        const response = await t.request('/api/v1/care-entries', {
          cookie,
          body: {
            type: 'weight',
            groupId,
            dateRecorded: new Date().toISOString().slice(0, 10),
            weights: members.map((animal, index) => ({
              animalId: animal.id,
              weightValue: 40 + index,
            })),
          },
        });
        expect(response.status).toBe(201);
      });
      const call = calls.find((each) => each.text.includes('insert into "care_entries"'))!;
      // a second time, when the functions' plans are made: the buffers of the write itself
      await buffersOf(call);
      return buffersOf(call);
    };
    const season = await weighIn(ids.group!);
    const years = await weighIn(longLogged);
    // (16 or 17 animals a group: a few buffers apart)
    expect(years, `${season} buffers beside a season, ${years} beside years`).toBeLessThan(season + 20);
  }, 60_000);
});
