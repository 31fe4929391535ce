// Import of a 'Download JSON' document into the caller's farm, which must be empty: the farm's
// settings and every table's rows, parents first, in one transaction. Rows keep their ids (ids
// are scoped by farm, decision 0013) except the farm's own species, whose ids are global and get
// new ones; built-in species are found by name (their ids differ between installations).
// Every row passes the API's own rules for its record first (shared/schemas/export-rows.ts), and
// the rows refused are named in the answer; then PostgreSQL reads each table's rows
// (json_populate_recordset), so its types and constraints check them again. A column the table
// does not have is refused first. A document holds at most `importLimits.rows` rows.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ExportDocument } from '../../../shared/schemas/export';
import { documentRowSchemas, type DocumentTable } from '../../../shared/schemas/export-rows';
import { writableColumns } from '../../backup/backup-tables';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/sql-text';
import { AppError } from '../../http/errors';
import { tables } from './export.repo';

/** Rows per insert statement. */
const chunk = 500;

const invalid = (message: string, fields?: Record<string, string[]>) =>
  new AppError(422, 'INVALID_IMPORT', message, fields);

export const importLimits = {
  /** rows of every table together: a farm of 50 animals with ten years of weekly weights */
  rows: 30_000,
  /** refused rows named in the answer (the count says how many in all) */
  rowsNamed: 20,
};

const rowSchemas = new Map(
  tables.map((table) => {
    const schema = documentRowSchemas[table.name as DocumentTable];
    // a table exported with no rules to read it back by: a mistake to meet at start-up, not in a user's import
    if (!schema) throw new Error(`export-rows.ts has no rules for the exported table ${table.name}`);
    return [table.name, schema] as const;
  }),
);

type Rows = Record<string, Record<string, unknown>[]>;

/** Every row read by its table's rules: the values to store, or a 422 naming the rows refused. */
function checkedRows(document: ExportDocument): Rows {
  const checked: Rows = {};
  const fields: Record<string, string[]> = {};
  let refused = 0;
  for (const [name, schema] of rowSchemas) {
    checked[name] = (document.tables[name] ?? []).map((row, index) => {
      const result = schema.safeParse(row);
      if (result.success) return result.data as Record<string, unknown>;
      if (refused++ < importLimits.rowsNamed)
        for (const issue of result.error.issues)
          (fields[[name, index, ...issue.path].join('.')] ??= []).push(issue.message);
      return row;
    });
  }
  if (refused > 0)
    throw invalid(
      `${refused === 1 ? '1 row of the file breaks' : `${refused} rows of the file break`} Paddock’s rules${
        refused > importLimits.rowsNamed ? ` (the first ${importLimits.rowsNamed} are named)` : ''
      }. Nothing was imported.`,
      fields,
    );
  return checked;
}

/** Each table's columns an import may write: all but farm_id, generated ones and those never exported. */
const allowedColumns = new Map(
  tables.map((table) => {
    const allowed = new Set((writableColumns.get(table.name) ?? []).filter((column) => column !== 'farm_id'));
    for (const column of table.omit) allowed.delete(column);
    return [table.name, allowed] as const;
  }),
);

export function createDocumentImport(db: Database) {
  return {
    async importDocument(farmId: string, document: ExportDocument): Promise<{ rows: number }> {
      const known = new Set(tables.map((table) => table.name));
      for (const name of Object.keys(document.tables))
        if (!known.has(name)) throw invalid(`The file has a table Paddock does not know: ${name}.`);
      const total = Object.values(document.tables).reduce((sum, rows) => sum + rows.length, 0);
      if (total > importLimits.rows)
        throw new AppError(
          413,
          'IMPORT_TOO_LARGE',
          `The file has ${total.toLocaleString('en-US')} records; Paddock imports at most ${importLimits.rows.toLocaleString('en-US')} at once.`,
        );
      for (const table of tables)
        for (const row of document.tables[table.name] ?? []) {
          const allowed = allowedColumns.get(table.name)!;
          for (const column of Object.keys(row))
            if (!allowed.has(column)) throw invalid(`${table.name} has no column ${column}.`);
        }
      const rows = checkedRows(document);

      try {
        return await importInto(farmId, document, rows);
      } catch (error) {
        // a value its column cannot hold, a broken link between rows: the file's fault, and nothing was saved
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('23')))
          throw invalid('The file has values or links Paddock cannot read back. Nothing was imported.');
        throw error;
      }
    },
  };

  async function importInto(farmId: string, document: ExportDocument, checked: Rows) {
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
        const rows = checked[table.name] ?? [];
        if (rows.length === 0) continue;
        const columns = new Set<string>();
        for (const row of rows) for (const column of Object.keys(row)) columns.add(column);
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
