// The notification run's pass at the bench's scale (issue 31 item 3; the run: issue 29, decision
// 0045): each minute every server asks, in one query across farms, what is owed. Here every
// farm's owner is given a phone with notifications on (the most the pass can meet), and that
// query is timed at two minutes of the farms' day (the bench's farms keep UTC): a quiet one, 03:00,
// before anyone's morning time, when nothing is owed, and the morning's first pass, 07:01, when
// every owner's morning is owed and the pass takes the job's batch. All in a transaction rolled
// back: the server under test runs the same job every minute, and must not see these phones.
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { batchSize } from '../../src/server/features/notifications/notifications.job';
import { owedQuery } from '../../src/server/features/notifications/notifications.repo';

export type Pass = {
  /** people with a device */
  subscribed: number;
  /** ms of the query at 03:00 (nothing owed) and at 07:01 (the morning's first pass) */
  quiet: number;
  morning: number;
  /** notifications the morning's first pass took (at most the job's batch) */
  owed: number;
};

const dialect = new PgDialect();

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The pass timed `runs` times at each minute (after two to warm), on `client`'s connection. */
export async function notificationPass(client: pg.Client, runs = 15): Promise<Pass> {
  await client.query('begin');
  try {
    const added = await client.query(
      `insert into push_subscriptions (id, farm_id, user_id, endpoint, p256dh, auth, label)
       select gen_random_uuid(), m.farm_id, m.user_id, 'https://push.bench.example/' || m.user_id, 'key', 'auth',
         'Bench phone'
       from farm_members m where m.role = 'owner'
       on conflict do nothing`,
    );
    await client.query('analyze push_subscriptions');
    const today = new Date().toISOString().slice(0, 10);
    const at = async (clock: string) => {
      const { sql: text, params } = dialect.sqlToQuery(
        owedQuery(new Date(`${today}T${clock}:00Z`), batchSize),
      );
      const times: number[] = [];
      let owed = 0;
      for (let run = 0; run < runs + 2; run++) {
        const started = performance.now();
        owed = (await client.query(text, params)).rowCount ?? 0;
        if (run >= 2) times.push(performance.now() - started);
      }
      return { ms: middle(times), owed };
    };
    const quiet = await at('03:00');
    const morning = await at('07:01');
    return { subscribed: added.rowCount ?? 0, quiet: quiet.ms, morning: morning.ms, owed: morning.owed };
  } finally {
    await client.query('rollback');
  }
}
