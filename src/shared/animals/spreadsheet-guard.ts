// Whether a farmer's spreadsheet is small enough to read, decided before reading it (issue 23):
// a 1.5 KB .xlsx declaring a cell at XFD1048576 sends a spreadsheet reader past a minute and
// 2 GB. An .xlsx is a ZIP of XML parts; its central directory gives each part's size before
// anything is inflated, and the first sheet's XML declares its range (<dimension ref="A1:J40"/>)
// and each cell's place. Pure: bytes in, a verdict out; the import page runs it in its worker.
import { strFromU8, unzipSync } from 'fflate';

/**
 * A header row and the import's 1,000 animals (importRowLimit, not imported: its module brings zod
 * into the worker), with one row to spare so that the page can still say "split the file".
 */
export const maxSheetRows = 1000 + 2;
export const maxSheetColumns = 100;
/** No XML part of a workbook is inflated past this (a full 1,001 × 100 sheet is about 4 MB). */
export const maxPartBytes = 8 * 1024 * 1024;
/** Files bigger than these are refused before they are even loaded into memory. */
export const maxXlsxFileBytes = 10 * 1024 * 1024;
export const maxCsvFileBytes = 2 * 1024 * 1024;

export const tooLargeMessage =
  'This spreadsheet is too large to import: Paddock reads at most 1,000 animals and 100 columns.';
export const unreadableXlsxMessage = 'This file is not an Excel workbook (.xlsx) that Paddock can read.';

export type Verdict = { ok: true } | { ok: false; message: string };

const tooLarge: Verdict = { ok: false, message: tooLargeMessage };
const unreadable: Verdict = { ok: false, message: unreadableXlsxMessage };

/** 'A' → 1, 'Z' → 26, 'AA' → 27, 'XFD' → 16384. */
function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

/** A part's path inside the ZIP from a relationship target relative to xl/ (or absolute). */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** The first sheet's part (what the reader reads), or every worksheet when the workbook does not say. */
function firstSheetParts(parts: Record<string, Uint8Array>): string[] {
  const worksheets = Object.keys(parts).filter((name) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name));
  const workbook = parts['xl/workbook.xml'];
  const rels = parts['xl/_rels/workbook.xml.rels'];
  if (!workbook || !rels) return worksheets;
  const sheet = /<(?:[\w.-]+:)?sheet\s[^>]*?\b[\w.-]+:id=["']([^"']+)["']/.exec(strFromU8(workbook));
  if (!sheet) return worksheets;
  for (const [relationship] of strFromU8(rels).matchAll(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g)) {
    if (/\sId=["']([^"']+)["']/.exec(relationship)?.[1] !== sheet[1]) continue;
    const target = /\sTarget=["']([^"']+)["']/.exec(relationship)?.[1];
    const path = target && partPath(target);
    return path && parts[path] ? [path] : worksheets;
  }
  return worksheets;
}

/** Whether a sheet's XML declares, or holds, more rows, columns or cells than an import reads. */
function sheetTooLarge(xml: string): boolean {
  let rows = 0;
  let columns = 0;
  const dimension = /<(?:[\w.-]+:)?dimension\s[^>]*\bref=["']([^"']+)["']/.exec(xml);
  for (const [, letters, digits] of (dimension?.[1] ?? '').matchAll(/([A-Za-z]+)(\d+)/g)) {
    columns = Math.max(columns, columnNumber(letters!));
    rows = Math.max(rows, Number(digits));
  }
  let rowCount = 0;
  for (const [, attributes] of xml.matchAll(/<(?:[\w.-]+:)?row(?=[\s/>])([^>]*)>/g)) {
    rowCount++;
    const number = /\sr=["'](\d+)["']/.exec(attributes!);
    if (number) rows = Math.max(rows, Number(number[1]));
  }
  let cellCount = 0;
  for (const [, attributes] of xml.matchAll(/<(?:[\w.-]+:)?c(?=[\s/>])([^>]*)>/g)) {
    cellCount++;
    const place = /\sr=["']([A-Za-z]+)(\d+)["']/.exec(attributes!);
    if (place) {
      columns = Math.max(columns, columnNumber(place[1]!));
      rows = Math.max(rows, Number(place[2]));
    }
  }
  rows = Math.max(rows, rowCount);
  return rows > maxSheetRows || columns > maxSheetColumns || cellCount > maxSheetRows * maxSheetColumns;
}

/** Whether an .xlsx file's bytes are small enough to hand to a spreadsheet reader. */
export function checkXlsx(bytes: Uint8Array): Verdict {
  if (bytes.length > maxXlsxFileBytes) return tooLarge;
  let oversized = false;
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      // sizes from the central directory, seen before anything is inflated
      filter: (file) => {
        if (!/\.(xml|rels)$/i.test(file.name)) return false;
        if (file.originalSize > maxPartBytes || file.size > maxPartBytes) oversized = true;
        if (oversized || (file.compression !== 0 && file.compression !== 8)) return false;
        return /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|worksheets\/[^/]+\.xml)$/i.test(file.name);
      },
    });
  } catch {
    return oversized ? tooLarge : unreadable;
  }
  if (oversized) return tooLarge;
  const sheets = firstSheetParts(parts);
  if (sheets.length === 0) return unreadable;
  return sheets.some((name) => sheetTooLarge(strFromU8(parts[name]!))) ? tooLarge : { ok: true };
}

/** Whether a CSV file is small enough to parse (its rows are then parsed at most to the limit). */
export function checkCsvSize(byteLength: number): Verdict {
  return byteLength > maxCsvFileBytes ? tooLarge : { ok: true };
}
