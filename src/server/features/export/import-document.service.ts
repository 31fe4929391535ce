// Import of a 'Download JSON' document into the caller's farm, which must be empty: the farm's
// settings and every table's rows, parents first, in short batches (never holding the embedded
// database for long); should one fail, what the import wrote is deleted again. Rows keep their ids (ids
// are scoped by farm, decision 0013) except the farm's own species, whose ids are global and get
// new ones; built-in species are found by name (their ids differ between installations).
// Every row passes the API's own rules for its record first (shared/schemas/export-rows.ts), and
// the rows refused are named in the answer; then PostgreSQL reads each table's rows
// (json_populate_recordset), so its types and constraints check them again. A column the table
// does not have is refused first. A document holds at most `importLimits.rows` rows.
import { randomUUID } from 'node:crypto';
import type { ExportDocument } from '../../../shared/schemas/export';
import { documentRowSchemas, type DocumentTable } from '../../../shared/schemas/export-rows';
import { writableColumns } from '../../backup/backup-tables';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { tables } from './export.repo';
import { createImportDocumentRepo } from './import-document.repo';

/** Rows per insert statement, each its own transaction: a fraction of a second on the embedded database. */
const batchSize = 100;

const invalid = (message: string, fields?: Record<string, string[]>) =>
  new AppError(422, 'INVALID_IMPORT', message, fields);

export const importLimits = {
  /** rows of every table together: a farm of 50 animals with ten years of weekly weights */
  rows: 30_000,
  /** refused rows named in the answer (the count says how many in all) */
  rowsNamed: 20,
  /** an import still marked as under way after this long was stopped by a crash: the next one clears it */
  staleAfterSeconds: 15 * 60,
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

/**
 * Every row read by its table's rules: the values to store, or a 422 naming the rows refused.
 * A pause every few hundred rows, so that other requests are answered while a large file is read.
 */
async function checkedRows(document: ExportDocument): Promise<Rows> {
  const checked: Rows = {};
  const fields: Record<string, string[]> = {};
  let refused = 0;
  let read = 0;
  for (const [name, schema] of rowSchemas) {
    const rows = document.tables[name] ?? [];
    checked[name] = [];
    for (const [index, row] of rows.entries()) {
      if (++read % batchSize === 0) await pause();
      const result = schema.safeParse(row);
      if (result.success) {
        checked[name].push(result.data);
        continue;
      }
      if (refused++ < importLimits.rowsNamed)
        for (const issue of result.error.issues)
          (fields[[name, index, ...issue.path].join('.')] ??= []).push(issue.message);
    }
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
  const repo = createImportDocumentRepo(db);
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
      const checked = await checkedRows(document);

      const species = await begin(farmId, document);
      try {
        const rows = await insertAll(farmId, checked, species);
        await checkStock(farmId, checked);
        // the farm's settings last: an import that fails leaves them as they were
        await repo.finish(farmId, document.farm);
        return { rows };
      } catch (error) {
        // nothing of the file stays: the farm is as empty as it was before
        await repo.wipe(farmId);
        // a value its column cannot hold, a broken link between rows: the file's fault
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('23')))
          throw invalid('The file has values or links Paddock cannot read back. Nothing was imported.');
        throw error;
      }
    },
  };

  /**
   * Claims the empty farm for the import (`import_started_at`, so that a second
   * import waits its turn and one a crash stopped half-way is cleared by the next), and maps the
   * file's species to this installation's.
   */
  async function begin(farmId: string, document: ExportDocument): Promise<Map<string, string>> {
    return db.transaction(async (tx) => {
      const farm = await repo.importState(tx, farmId, importLimits.staleAfterSeconds);
      if (farm?.import_started_at && !farm.stale)
        throw new AppError(
          409,
          'IMPORT_UNDER_WAY',
          'A file is being imported into this farm. Wait for it to finish.',
        );
      // an import a crash stopped half-way: what it left goes, and this one starts afresh
      if (farm?.import_started_at) await repo.wipe(farmId, tx);
      else if (farm?.used)
        throw new AppError(
          409,
          'FARM_NOT_EMPTY',
          'Import a Paddock file into a new, empty farm: this one has records.',
        );
      await repo.markStarted(tx, farmId);

      // species: the farm's own get new ids; built-in ones are this installation's of that name
      const species = new Map<string, string>();
      const here = await repo.builtInSpecies(tx);
      for (const builtIn of document.builtInSpecies) {
        const match = here.find((row) => row.name === builtIn.name);
        if (match) species.set(builtIn.id, match.id);
      }
      for (const row of document.tables.species ?? []) species.set(String(row.id), randomUUID());
      return species;
    });
  }

  /**
   * Every table's rows, parents first, a few hundred at a time, each batch its own short
   * transaction with a pause between: on the embedded database (one connection for everyone) no
   * other farm waits on an import for more than one batch. Animals go in without their parents
   * (another batch may hold them), which are linked once all animals are in.
   */
  async function insertAll(farmId: string, checked: Rows, species: Map<string, string>): Promise<number> {
    const speciesOf = (id: unknown) => {
      if (id === null || id === undefined) return null;
      const mapped = typeof id === 'string' ? species.get(id) : undefined;
      if (!mapped) throw invalid(`The file names a species it does not list: ${JSON.stringify(id)}.`);
      return mapped;
    };
    let count = 0;
    for (const table of tables) {
      const rows = (checked[table.name] ?? []).map((row) => {
        if (table.name === 'species') return { ...row, id: speciesOf(row.id) };
        if (table.name === 'species_gestation') return { ...row, species_id: speciesOf(row.species_id) };
        if (table.name === 'animals')
          return {
            ...row,
            species_id: speciesOf(row.species_id),
            dam_id: null,
            sire_id: null,
            // a past animal remembers the groups it left; a file may leave that out, or give it an in-herd one
            exit_group_ids: row.exit_kind ? (row.exit_group_ids ?? []) : null,
            exit_price: row.exit_kind === 'sold' ? row.exit_price : null,
          };
        return row;
      });
      await insertInBatches(farmId, table.name, rows);
      count += rows.length;
    }
    const parents = (checked.animals ?? []).filter((row) => row.dam_id || row.sire_id);
    for (let start = 0; start < parents.length; start += batchSize) {
      await repo.linkParents(
        farmId,
        parents.slice(start, start + batchSize).map(({ id, dam_id, sire_id }) => ({ id, dam_id, sire_id })),
      );
      await pause();
    }
    return count;
  }

  /** No lot of the cabinet below zero: 422 naming a movement of each such lot (the wipe follows). */
  async function checkStock(farmId: string, checked: Rows) {
    const below = new Set(await repo.lotsBelowZero(farmId));
    if (below.size === 0) return;
    const fields: Record<string, string[]> = {};
    (checked.stock_movements ?? []).forEach((row, index) => {
      if (below.delete(String(row.lot_id)))
        fields[`stock_movements.${index}.quantity`] = ['This lot’s movements add up to less than nothing'];
    });
    throw invalid('The file takes a lot of the medicine cabinet below zero. Nothing was imported.', fields);
  }

  async function insertInBatches(farmId: string, table: string, rows: Record<string, unknown>[]) {
    if (rows.length === 0) return;
    const columns = new Set<string>();
    for (const row of rows) for (const column of Object.keys(row)) columns.add(column);
    for (let start = 0; start < rows.length; start += batchSize) {
      await repo.insertRows(farmId, table, [...columns], rows.slice(start, start + batchSize));
      await pause();
    }
  }
}

/** Lets other requests' queries in between two batches (the embedded database has one connection). */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
