// Reads a chosen spreadsheet off the page's thread (issue 23): the import page starts this worker
// for one file and terminates it on 'Cancel', after its time limit, or when the farmer leaves. The
// guard looks at the file's declared sizes first; the parsers load only when the file passes it.
import type { Cell } from '../../../shared/animals/import';
import {
  checkCsvSize,
  checkXlsx,
  maxSheetRows,
  tooLargeMessage,
} from '../../../shared/animals/spreadsheet-guard';

export type SpreadsheetRequest = { file: File; kind: 'csv' | 'xlsx' };
export type SpreadsheetReply = { rows: Cell[][] } | { error: string };

async function read({ file, kind }: SpreadsheetRequest): Promise<SpreadsheetReply> {
  if (kind === 'xlsx') {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const verdict = checkXlsx(bytes);
    if (!verdict.ok) return { error: verdict.message };
    const { readSheet } = await import('read-excel-file/browser');
    return { rows: (await readSheet(bytes.buffer)) as Cell[][] };
  }
  const verdict = checkCsvSize(file.size);
  if (!verdict.ok) return { error: verdict.message };
  const { default: Papa } = await import('papaparse');
  // one row past the header and the limit is enough to know the file is over it
  const parsed = Papa.parse<string[]>((await file.text()).replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    preview: maxSheetRows + 1,
  });
  if (parsed.data.length > maxSheetRows) return { error: tooLargeMessage };
  return { rows: parsed.data };
}

self.addEventListener('message', (event: MessageEvent<SpreadsheetRequest>) => {
  read(event.data).then(
    (reply) => self.postMessage(reply),
    (error: unknown) =>
      self.postMessage({
        error: error instanceof Error && error.message ? error.message : 'Could not read the file.',
      } satisfies SpreadsheetReply),
  );
});
