// /animals/import: My Animals → 'Import Animals'. A CSV or .xlsx file is read here in the browser
// (papaparse or read-excel-file, loaded only when a file is chosen), its columns matched to our
// fields (changeable), every row previewed with its problems, and 'Import N animals' sends the
// valid rows at once; the server checks them again and leaves out animals the herd already has.
import { FileUp } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  importFieldLabels,
  importFields,
  matchColumns,
  readRows,
  type Cell,
  type ImportField,
} from '../../../shared/animals/import';
import {
  maxCsvFileBytes,
  maxXlsxFileBytes,
  tooLargeMessage,
} from '../../../shared/animals/spreadsheet-guard';
import { importRowLimit } from '../../../shared/schemas/import';
import { sexLabels } from '../../../shared/schemas/animals';
import { BackButton } from '../../components/back-button';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { useImportAnimals } from './api/animals';
import type { SpreadsheetReply, SpreadsheetRequest } from './spreadsheet.worker';

type Sheet = { name: string; rows: Cell[][] };

/** How long a file may take to read before the page stops its worker and says so. */
const readTimeLimitMs = 15_000;
const tooSlowMessage =
  'Reading the file took too long, so Paddock stopped. Save the sheet with only the animals (at most 1,000 rows) and try again.';

/** A CSV's or a workbook's first sheet as rows of cells, read in a worker that aborting `signal` ends. */
function readFile(file: File, signal: AbortSignal): Promise<Cell[][]> {
  const kind = /\.xlsx$/i.test(file.name)
    ? 'xlsx'
    : /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv'
      ? 'csv'
      : null;
  if (!kind) throw new Error('Choose a .csv or .xlsx file (save other spreadsheets as CSV first).');
  if (file.size > (kind === 'xlsx' ? maxXlsxFileBytes : maxCsvFileBytes)) throw new Error(tooLargeMessage);
  const worker = new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Cell[][]>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      worker.terminate();
      settle();
    };
    const abort = () => finish(() => reject(new Error('Reading stopped.')));
    const timer = setTimeout(() => finish(() => reject(new Error(tooSlowMessage))), readTimeLimitMs);
    signal.addEventListener('abort', abort);
    worker.addEventListener('message', (event: MessageEvent<SpreadsheetReply>) => {
      const reply = event.data;
      finish(() => ('rows' in reply ? resolve(reply.rows) : reject(new Error(reply.error))));
    });
    // a worker that runs out of memory, or fails to load, ends here
    worker.addEventListener('error', () => finish(() => reject(new Error('Could not read the file.'))));
    worker.postMessage({ file, kind } satisfies SpreadsheetRequest);
  });
}

export default function ImportAnimalsPage() {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<Record<ImportField, number> | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const reader = useRef<AbortController | null>(null);
  const importAnimals = useImportAnimals();
  const toast = useToast();
  const [, navigate] = useLocation();

  const headers = useMemo(() => (sheet?.rows[0] ?? []).map((cell) => String(cell ?? '').trim()), [sheet]);
  const read = useMemo(() => (sheet && mapping ? readRows(sheet.rows, mapping) : []), [sheet, mapping]);
  const valid = read.flatMap((row) => (row.row ? [row.row] : []));
  const withProblems = read.length - valid.length;
  const tooMany = valid.length > importRowLimit;

  // leaving the page stops a read under way
  useEffect(() => () => reader.current?.abort(), []);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    reader.current?.abort();
    const controller = new AbortController();
    reader.current = controller;
    setReading(true);
    setFileError(null);
    try {
      const rows = await readFile(file, controller.signal);
      if (rows.length < 2) throw new Error('The file has no rows under its header row.');
      setSheet({ name: file.name, rows });
      setMapping(matchColumns(rows[0]!.map((cell) => String(cell ?? ''))));
    } catch (error) {
      if (controller.signal.aborted) return;
      setSheet(null);
      setMapping(null);
      setFileError(error instanceof Error ? error.message : 'Could not read the file.');
    } finally {
      if (reader.current === controller) {
        reader.current = null;
        setReading(false);
      }
    }
  };

  const cancel = () => {
    reader.current?.abort();
    reader.current = null;
    setReading(false);
    setFileError('Reading stopped. Choose the file again, or another one.');
  };

  const submit = async () => {
    try {
      const result = await importAnimals.mutateAsync(valid);
      toast({
        title: `Imported ${result.created} ${result.created === 1 ? 'animal' : 'animals'}`,
        description:
          result.skipped > 0
            ? `${result.skipped} already in your herd (same tag, or same name) were left out.`
            : undefined,
      });
      navigate('/my-animals');
    } catch (error) {
      toast({
        title: 'Failed to import. Nothing was saved.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-4">
      <BackButton fallback="/my-animals" />
      <section aria-labelledby="import-file-heading" className={`${cardClasses} space-y-3`}>
        <h2 id="import-file-heading" className="text-lg font-semibold">
          Spreadsheet
        </h2>
        <p className="text-sm text-stone-700">
          Choose a spreadsheet saved as CSV or Excel (.xlsx) with a header row: Name, Tag, Species, Breed,
          Sex, Birth Date, Weight, Dam, Sire, Group. Nothing is saved until you confirm.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label className={`${buttonBase} ${buttonClasses.secondary} cursor-pointer focus-within:ring-2`}>
            <FileUp aria-hidden className="size-4" />
            {reading ? 'Reading...' : sheet ? 'Choose Another File' : 'Choose File'}
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              aria-label="Spreadsheet file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = ''; // the same file can be chosen again after 'Cancel'
                void choose(file);
              }}
            />
          </label>
          {reading && (
            <Button variant="ghost" onClick={cancel}>
              Cancel
            </Button>
          )}
        </div>
        {sheet && <p className="text-sm break-all text-stone-600">{sheet.name}</p>}
        {fileError && (
          <p role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
      </section>

      {sheet && mapping && (
        <section aria-labelledby="import-columns-heading" className={`${cardClasses} space-y-3`}>
          <h2 id="import-columns-heading" className="text-lg font-semibold">
            Columns
          </h2>
          <p className="text-sm text-stone-700">Which column of your file holds each detail.</p>
          <div className="grid grid-cols-2 gap-3">
            {importFields.map((field) => (
              <SelectField
                key={field}
                label={importFieldLabels[field]}
                value={String(mapping[field])}
                onChange={(event) => setMapping({ ...mapping, [field]: Number(event.target.value) })}
              >
                <option value="-1">Not in the file</option>
                {headers.map((header, index) => (
                  <option key={index} value={index}>
                    {header || `Column ${index + 1}`}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
        </section>
      )}

      {sheet && mapping && (
        <section aria-labelledby="import-preview-heading" className={`${cardClasses} space-y-3`}>
          <h2 id="import-preview-heading" className="text-lg font-semibold">
            Preview
          </h2>
          <p className="text-sm text-stone-700" role="status">
            {valid.length} ready to import
            {withProblems > 0 ? `, ${withProblems} with problems (left out)` : ''}. Animals with no group go
            into &lsquo;Imported&rsquo;.
          </p>
          {tooMany && (
            <p role="alert" className="text-sm text-red-700">
              Import at most {importRowLimit} animals at a time: split the file.
            </p>
          )}
          <ol className="divide-y divide-stone-100" aria-label="Rows of the file">
            {read.map(({ line, row, problems, cells }) => (
              <li key={line} className="py-2 text-sm">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-stone-500">Row {line}</span>
                  <span className="font-medium [overflow-wrap:anywhere]">{cells.name || 'No name'}</span>
                  {row && (
                    <span className="text-stone-600 [overflow-wrap:anywhere]">
                      {[
                        row.species,
                        row.sex && sexLabels[row.sex],
                        row.birthDate && `born ${formatUsDate(row.birthDate)}`,
                        row.groups.join(', ') || 'Imported',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  )}
                </div>
                {problems.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-red-700">
                    {problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={valid.length === 0 || tooMany || importAnimals.isPending}
              onClick={() => void submit()}
            >
              {importAnimals.isPending
                ? 'Importing...'
                : `Import ${valid.length} ${valid.length === 1 ? 'animal' : 'animals'}`}
            </Button>
            <Link href="/my-animals" className={`${buttonBase} ${buttonClasses.ghost}`}>
              Cancel
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
