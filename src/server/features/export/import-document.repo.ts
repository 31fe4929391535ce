// The SQL of importing a 'Download JSON' document (import-document.service.ts holds the rules,
// the batches and the transaction): the farm's import mark, its built-in species, each table's rows
// read by PostgreSQL from JSON, and the wipe of what an import wrote. Every query filters by the
// caller's farm.
import { sql } from 'drizzle-orm';
import type { ExportDocument } from '../../../shared/schemas/export';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { tables } from './export.repo';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createImportDocumentRepo(db: Database) {
  return {
    /**
     * The farm's import mark (locked until the transaction ends), whether it is older than
     * `staleAfterSeconds`, and whether the farm holds any records.
     */
    async importState(tx: Transaction, farmId: string, staleAfterSeconds: number) {
      const [farm] = await queryRows<{ import_started_at: string | null; used: boolean; stale: boolean }>(
        tx,
        sql`select import_started_at,
              import_started_at < now() - make_interval(secs => ${staleAfterSeconds}) as stale,
              exists (select 1 from animals where farm_id = ${farmId})
              or exists (select 1 from groups where farm_id = ${farmId})
              or exists (select 1 from reminders where farm_id = ${farmId})
              or exists (select 1 from species where farm_id = ${farmId})
              or exists (select 1 from medicines where farm_id = ${farmId})
              or exists (select 1 from money_entries where farm_id = ${farmId}) as used
            from farms where id = ${farmId} for update`,
      );
      return farm;
    },

    async markStarted(tx: Transaction, farmId: string) {
      await tx.execute(sql`update farms set import_started_at = now() where id = ${farmId}`);
    },

    /** This installation's built-in species. */
    builtInSpecies: (tx: Transaction) =>
      queryRows<{ id: string; name: string }>(tx, sql`select id, name from species where farm_id is null`),

    /** One batch of a table's rows, read by the table's own types (json_populate_recordset). */
    async insertRows(farmId: string, table: string, columns: string[], rows: Record<string, unknown>[]) {
      const list = sql.raw(columns.map((column) => `"${column}"`).join(', '));
      const json = JSON.stringify(rows);
      await db.execute(sql`insert into ${sql.identifier(table)} (farm_id, ${list})
          select ${farmId}::uuid, ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`);
    },

    /** Links one batch of the farm's animals to their dam and sire. */
    async linkParents(farmId: string, parents: { id: unknown; dam_id: unknown; sire_id: unknown }[]) {
      const json = JSON.stringify(parents);
      await db.execute(sql`update animals a set dam_id = p.dam_id, sire_id = p.sire_id
          from json_to_recordset(${json}::json) as p(id uuid, dam_id uuid, sire_id uuid)
          where a.farm_id = ${farmId} and a.id = p.id`);
    },

    /** The farm's medicine lots whose movements add up to less than nothing (the API never lets one). */
    lotsBelowZero: async (farmId: string) =>
      (
        await queryRows<{ lot_id: string }>(
          db,
          sql`select lot_id from stock_movements where farm_id = ${farmId}
            group by lot_id having sum(quantity) < 0`,
        )
      ).map((row) => row.lot_id),

    /** The farm's settings from the document, and the import mark cleared: the import is done. */
    async finish(farmId: string, farm: ExportDocument['farm']) {
      await db.execute(sql`update farms set name = ${farm.name}, time_zone = ${farm.timeZone},
          weight_unit = ${farm.weightUnit}, milk_unit = ${farm.milkUnit ?? farm.weightUnit},
          organic = ${farm.organic ?? false}, currency = ${farm.currency ?? 'USD'},
          import_started_at = null where id = ${farmId}`);
    },

    /** Everything an import writes, gone again (children first); the farm's settings stay. */
    async wipe(farmId: string, tx: Pick<Database, 'execute'> = db) {
      for (const table of [...tables].reverse())
        await tx.execute(sql`delete from ${sql.identifier(table.name)} where farm_id = ${farmId}`);
      await tx.execute(sql`update farms set import_started_at = null where id = ${farmId}`);
    },
  };
}
