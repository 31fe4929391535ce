// Import of a 'Download JSON' document into the caller's farm, which must be empty: the farm's
// settings and every table's rows, parents first, in one transaction. Rows keep their ids (ids
// are scoped by farm, decision 0013) except the farm's own species, whose ids are global and get
// new ones; built-in species are found by name (their ids differ between installations).
// PostgreSQL itself reads each table's rows (json_populate_recordset), so every value is checked
// by its column's type and constraints; a column the table does not have is refused first.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ExportDocument } from '../../../shared/schemas/export';
import { writableColumns } from '../../backup/backup-tables';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { AppError } from '../../http/errors';
import { tables } from './export.repo';

/** Rows per insert statement. */
const chunk = 500;

const invalid = (message: string) => new AppError(422, 'INVALID_IMPORT', message);

export function createDocumentImport(db: Database) {
  return {
    async importDocument(farmId: string, document: ExportDocument): Promise<{ rows: number }> {
      const known = new Set(tables.map((table) => table.name));
      for (const name of Object.keys(document.tables))
        if (!known.has(name)) throw invalid(`The file has a table Paddock does not know: ${name}.`);

      try {
        return await importInto(farmId, document);
      } catch (error) {
        // a value its column cannot hold, a broken link between rows: the file's fault, and nothing was saved
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('23')))
          throw invalid('The file has values or links Paddock cannot read back. Nothing was imported.');
        throw error;
      }
    },
  };

  async function importInto(farmId: string, document: ExportDocument) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from farms where id = ${farmId} for update`);
      const [used] = await queryRows<{ used: boolean }>(
        tx,
        sql`select exists (select 1 from animals where farm_id = ${farmId})
            or exists (select 1 from groups where farm_id = ${farmId})
            or exists (select 1 from reminders where farm_id = ${farmId})
            or exists (select 1 from species where farm_id = ${farmId}) as used`,
      );
      if (used!.used)
        throw new AppError(
          409,
          'FARM_NOT_EMPTY',
          'Import a Paddock file into a new, empty farm: this one has records.',
        );
      await tx.execute(sql`set constraints all deferred`);
      await tx.execute(sql`update farms set name = ${document.farm.name}, time_zone = ${document.farm.timeZone},
          weight_unit = ${document.farm.weightUnit} where id = ${farmId}`);

      // species: the farm's own get new ids; built-in ones are this installation's of that name
      const species = new Map<string, string>();
      const here = await queryRows<{ id: string; name: string }>(
        tx,
        sql`select id, name from species where farm_id is null`,
      );
      for (const builtIn of document.builtInSpecies) {
        const match = here.find((row) => row.name === builtIn.name);
        if (match) species.set(builtIn.id, match.id);
      }
      for (const row of document.tables.species ?? []) species.set(String(row.id), randomUUID());
      const speciesOf = (id: unknown) => {
        if (id === null || id === undefined) return null;
        const mapped = typeof id === 'string' ? species.get(id) : undefined;
        if (!mapped) throw invalid(`The file names a species it does not list: ${JSON.stringify(id)}.`);
        return mapped;
      };

      let count = 0;
      for (const table of tables) {
        const rows = document.tables[table.name] ?? [];
        if (rows.length === 0) continue;
        const allowed = new Set(
          (writableColumns.get(table.name) ?? []).filter((column) => column !== 'farm_id'),
        );
        for (const column of table.omit) allowed.delete(column);
        const columns = new Set<string>();
        for (const row of rows)
          for (const column of Object.keys(row)) {
            if (!allowed.has(column)) throw invalid(`${table.name} has no column ${column}.`);
            columns.add(column);
          }
        const mapped = rows.map((row) => {
          if (table.name === 'species') return { ...row, id: speciesOf(row.id) };
          if (table.name === 'species_gestation') return { ...row, species_id: speciesOf(row.species_id) };
          if (table.name === 'animals') return { ...row, species_id: speciesOf(row.species_id) };
          return row;
        });
        const list = sql.raw([...columns].map((column) => `"${column}"`).join(', '));
        for (let start = 0; start < mapped.length; start += chunk) {
          const json = JSON.stringify(mapped.slice(start, start + chunk));
          await tx.execute(sql`insert into ${sql.identifier(table.name)} (farm_id, ${list})
              select ${farmId}::uuid, ${list} from json_populate_recordset(null::${sql.identifier(table.name)}, ${json}::json)`);
        }
        count += rows.length;
      }
      await tx.execute(sql`set constraints all immediate`);
      return { rows: count };
    });
  }
}
