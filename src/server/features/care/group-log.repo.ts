// A group's log: one statement a page, filtered by the caller's farm.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { groupLog, groups } from '../../db/schema';
import { queryRows } from '../../db/sql-text';

export function createGroupLogRepo(db: Database) {
  return {
    /**
     * A group's log, newest first, one page as the JSON text of Page<CareBatch>, in one statement;
     * null when the farm has no such group. Its rows are kept by the database (group_log,
     * migration 0008: one per batch recorded for the group, one per entry of its animals' own, each
     * with its JSON), so a page is one slice of an index, whatever the history.
     */
    async groupLog(farmId: string, groupId: string, offset: number, limit: number) {
      const newestFirst = sql`order by date_recorded desc, created_at desc, batch_id desc, row_id desc`;
      const [row] = await queryRows<{ found: boolean; items: string | null; more: boolean }>(
        db,
        sql`
        select exists (select 1 from ${groups} where farm_id = ${farmId} and id = ${groupId}) as found,
          (select string_agg(page.item, ',') from (
            select item from ${groupLog} where farm_id = ${farmId} and group_id = ${groupId}
            ${newestFirst} offset ${offset} limit ${limit}) page) as items,
          exists (select 1 from ${groupLog} where farm_id = ${farmId} and group_id = ${groupId}
            ${newestFirst} offset ${offset + limit} limit 1) as more`,
      );
      if (!row?.found) return null;
      return `{"items":[${row.items ?? ''}],"nextOffset":${row.more ? offset + limit : null}}`;
    },
  };
}

export type GroupLogRepo = ReturnType<typeof createGroupLogRepo>;
