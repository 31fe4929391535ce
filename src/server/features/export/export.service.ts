// The farm's data out: a ZIP of one CSV per kind of record, or one JSON document that an import
// can read back. Both are streams pulled a page at a time (the next page is read only when the
// client has taken the last), so a farm of any size goes out in bounded memory.
import { Zip, ZipDeflate } from 'fflate';
import { dateInZone } from '../../../shared/care/dates';
import type { Currency } from '../../../shared/schemas/money';
import {
  exportPageSize,
  sheets,
  tables,
  type ExportRepo,
  type FarmSettingsRow,
  type Sheet,
} from './export.repo';

const encoder = new TextEncoder();

/** A UTF-8 byte-order mark: spreadsheets then read names like 'Zoë' correctly. */
const bom = '\uFEFF';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) is neutralised with a leading
 * apostrophe (OWASP's advice); numbers and dates are written as they are.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The export's file name: the farm's name made safe, and the farm's day (in its time zone). */
export function exportName(
  farmName: string | null | undefined,
  extension: string,
  timeZone: string,
  now = new Date(),
): string {
  const safe = (farmName ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .toLowerCase();
  return `paddock-${safe || 'farm'}-${dateInZone(now, timeZone)}.${extension}`;
}

/** Pulls `produce` (one page of output per call, null at the end) as the client reads. */
function pulled(produce: () => Promise<Uint8Array[] | null>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunks = await produce();
        if (chunks === null) controller.close();
        else for (const chunk of chunks) controller.enqueue(chunk);
      },
    },
    { highWaterMark: 1 },
  );
}

export function createExportService(repo: ExportRepo) {
  return {
    farm: (farmId: string) => repo.farm(farmId),
    builtInSpecies: () => repo.builtInSpecies(),

    /** animals.csv, groups.csv, care-entries.csv, reminders.csv, breedings.csv, production.csv (eggs and milk), medicines.csv and money.csv, deflated into one ZIP. */
    csvZip(farmId: string): ReadableStream<Uint8Array> {
      let out: Uint8Array[] = [];
      let failure: Error | null = null;
      const zip = new Zip((error, chunk) => {
        if (error) failure = error;
        else out.push(chunk);
      });
      let index = 0;
      let file: ZipDeflate | null = null;
      let after: unknown[] | null = null;
      let sheet: Sheet | undefined;
      return pulled(async () => {
        if (failure) throw failure;
        if (index >= sheets.length) {
          if (index === sheets.length) {
            zip.end();
            index++;
            const last = out;
            out = [];
            return last;
          }
          return null;
        }
        sheet = sheets[index]!;
        if (!file) {
          file = new ZipDeflate(sheet.file, { level: 6 });
          zip.add(file);
          file.push(encoder.encode(bom + csvLine(sheet.columns.map(([header]) => header))));
        }
        const page = await repo.sheetPage(sheet, farmId, after);
        const text = page.rows
          .map((stored) => {
            const row = sheet!.shown?.(stored) ?? stored;
            return csvLine(
              sheet!.columns.map(([, field, format]) => (format ? format(row[field]) : row[field])),
            );
          })
          .join('');
        after = page.after;
        const done = after === null;
        file.push(encoder.encode(text), done);
        if (done) {
          file = null;
          index++;
        }
        const chunks = out;
        out = [];
        return chunks;
      });
    },

    /**
     * { format, version, exportedAt, farm, tables: { name: [rows] } } — every table of the farm's
     * records that an import needs, parents first, written as the pages are read.
     */
    json(farmId: string, farm: FarmSettingsRow, builtInSpecies: { id: string; name: string }[]) {
      let index = -1;
      let after: unknown[] | null = null;
      let first = true;
      return pulled(async () => {
        if (index === -1) {
          index = 0;
          const head = {
            format: 'paddock-export',
            version: 1,
            exportedAt: new Date().toISOString(),
            farm: {
              name: farm.name,
              timeZone: farm.time_zone,
              weightUnit: farm.weight_unit,
              milkUnit: farm.milk_unit,
              organic: farm.organic,
              currency: farm.currency as Currency,
            },
            builtInSpecies,
          };
          return [encoder.encode(`${JSON.stringify(head).slice(0, -1)},"tables":{`)];
        }
        if (index > tables.length) return null;
        if (index === tables.length) {
          index++;
          return [encoder.encode('}}\n')];
        }
        const table = tables[index]!;
        let text = first ? `${index > 0 ? ',' : ''}${JSON.stringify(table.name)}:[` : '';
        const page = await repo.tablePage(table, farmId, after);
        text += page.rows.map((row, i) => `${first && i === 0 ? '' : ','}${row.json as string}`).join('');
        if (page.rows.length > 0) first = false;
        after = page.after;
        if (after === null) {
          text += ']';
          index++;
          first = true;
        }
        return [encoder.encode(text)];
      });
    },
  };
}

export { exportPageSize };
