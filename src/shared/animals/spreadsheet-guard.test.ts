import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importRowLimit } from '../schemas/import';
import {
  checkCsvSize,
  checkXlsx,
  maxCsvFileBytes,
  maxSheetRows,
  tooLargeMessage,
  unreadableXlsxMessage,
} from './spreadsheet-guard';

/** A minimal .xlsx: the parts a reader needs, with the first sheet's XML as given. */
function workbook(sheetXml: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Animals" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml),
    ...extra,
  });
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const sheet = (dimension: string | null, rows: string) =>
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  `${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>${rows}</sheetData></worksheet>`;

const threeAnimals = sheet(
  'A1:C4',
  [
    ['Name', 'Species', 'Sex'],
    ['Pepper', 'Chicken', 'Hen'],
    ['Salt', 'Chicken', 'Hen'],
    ['Clover', 'Goat', 'Doe'],
  ]
    .map(
      (cells, row) =>
        `<row r="${row + 1}">${cells.map((text, column) => inline(`${'ABC'[column]}${row + 1}`, text)).join('')}</row>`,
    )
    .join(''),
);

/** Rewrites the uncompressed size the ZIP's central directory declares for one entry. */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  for (let offset = 0; offset + 46 <= bytes.length; offset++) {
    if (view.getUint32(offset, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(offset + 28, true);
    if (new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)) !== name) continue;
    view.setUint32(offset + 24, size, true);
    return bytes;
  }
  throw new Error(`${name} is not in the archive`);
}

describe('the spreadsheet guard', () => {
  it('reads the header row and one row more than the import takes', () => {
    expect(maxSheetRows).toBe(importRowLimit + 2);
  });

  it('lets a normal sheet of three animals through', () => {
    expect(checkXlsx(workbook(threeAnimals))).toEqual({ ok: true });
  });

  it('refuses a tiny workbook whose sheet declares and holds a cell at XFD1048576', () => {
    const bomb = workbook(
      sheet(
        'A1:XFD1048576',
        `<row r="1">${inline('A1', 'Name')}</row><row r="1048576">${inline('XFD1048576', 'x')}</row>`,
      ),
    );
    expect(bomb.length).toBeLessThan(2048);
    expect(checkXlsx(bomb)).toEqual({ ok: false, message: tooLargeMessage });
  });

  it('refuses a far cell even when the sheet declares no range', () => {
    const farRow = workbook(
      sheet(null, `<row r="1">${inline('A1', 'Name')}</row><row r="5000">${inline('A5000', 'x')}</row>`),
    );
    const farColumn = workbook(sheet(null, `<row r="1">${inline('A1', 'Name')}${inline('CW1', 'x')}</row>`));
    expect(checkXlsx(farRow)).toEqual({ ok: false, message: tooLargeMessage });
    expect(checkXlsx(farColumn)).toEqual({ ok: false, message: tooLargeMessage });
  });

  it('takes the 1,000 animals of the import and its 100 columns', () => {
    const full = workbook(
      sheet('A1:CV1002', `<row r="1">${inline('A1', 'Name')}${inline('CV1002', 'x')}</row>`),
    );
    const oneColumnMore = workbook(sheet('A1:CW2', `<row r="1">${inline('A1', 'Name')}</row>`));
    expect(checkXlsx(full)).toEqual({ ok: true });
    expect(checkXlsx(oneColumnMore)).toEqual({ ok: false, message: tooLargeMessage });
  });

  it('refuses a part whose declared size is huge, without inflating it', () => {
    const huge = declareSize(workbook(threeAnimals), 'xl/worksheets/sheet1.xml', 0x7ffffff0);
    expect(checkXlsx(huge)).toEqual({ ok: false, message: tooLargeMessage });
    // a part the reader reads but the guard does not look inside, the same
    const styles = workbook(threeAnimals, { 'xl/styles.xml': strToU8('<styleSheet/>') });
    expect(checkXlsx(declareSize(styles, 'xl/styles.xml', 0x7ffffff0))).toEqual({
      ok: false,
      message: tooLargeMessage,
    });
  });

  it('judges only the first sheet, the one read', () => {
    const big = sheet('A1:A5000', '');
    expect(checkXlsx(workbook(threeAnimals, { 'xl/worksheets/sheet2.xml': strToU8(big) }))).toEqual({
      ok: true,
    });
  });

  it('says a file that is no ZIP is no workbook', () => {
    expect(checkXlsx(strToU8('Name,Species\nPepper,Chicken\n'))).toEqual({
      ok: false,
      message: unreadableXlsxMessage,
    });
  });

  it('refuses a CSV over its size limit', () => {
    expect(checkCsvSize(maxCsvFileBytes)).toEqual({ ok: true });
    expect(checkCsvSize(maxCsvFileBytes + 1)).toEqual({ ok: false, message: tooLargeMessage });
  });
});
