// /animals/import: My Animals → 'Import Animals'. A CSV or .xlsx file is read here in the browser
// (papaparse or read-excel-file, loaded only when a file is chosen), its columns matched to our
// fields (changeable, and every column not imported listed), every row previewed with its problems
// — the same animal on two rows, one the herd already has, a missing name — each fixed in the
// preview or skipped on purpose, and 'Import N animals' sends exactly the rows the preview counts.
// Nothing is dropped or merged without the farmer seeing it; the server checks everything again.
import { FileUp } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  importFieldLabels,
  importFields,
  matchColumns,
  readRows,
  unimportedColumns,
  type Cell,
  type ImportField,
  type ReadOptions,
} from '../../../shared/animals/import';
import {
  maxCsvFileBytes,
  maxXlsxFileBytes,
  tooLargeMessage,
} from '../../../shared/animals/spreadsheet-guard';
import { importRowLimit } from '../../../shared/schemas/import';
import { sexLabels } from '../../../shared/animals/values';
import { BackButton } from '../../components/back-button';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { useImportAnimals } from './api/animals';
import { importKnownQuery } from './api/import';
import type { SpreadsheetReply, SpreadsheetRequest } from './spreadsheet.worker';

type Sheet = { name: string; rows: Cell[][] };
type Edits = NonNullable<ReadOptions['edits']>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

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
  /** cells changed in the preview, by row number; rows skipped on purpose */
  const [edits, setEdits] = useState<Edits>({});
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const reader = useRef<AbortController | null>(null);
  const importAnimals = useImportAnimals();
  const known = useQuery({ ...importKnownQuery, enabled: sheet !== null });
  const toast = useToast();
  const [, navigate] = useLocation();

  const headers = useMemo(() => (sheet?.rows[0] ?? []).map((cell) => String(cell ?? '').trim()), [sheet]);
  const herd = known.data?.animals;
  const read = useMemo(
    () => (sheet && mapping ? readRows(sheet.rows, mapping, { edits, skipped, herd }) : []),
    [sheet, mapping, edits, skipped, herd],
  );
  const unimported = useMemo(() => (mapping ? unimportedColumns(headers, mapping) : []), [headers, mapping]);
  const valid = read.flatMap((row) => (row.row ? [row.row] : []));
  const skippedCount = read.filter((row) => row.skipped).length;
  const withProblems = read.filter((row) => row.problems.length > 0);
  const notes = valid.filter((row) => row.notes).length;
  const weighings = valid.filter((row) => row.weight != null).length;
  const tooMany = valid.length > importRowLimit;

  /** Changes one cell of a row; the row keeps showing every field it showed (the fix may clear its problem). */
  const edit = (
    line: number,
    fields: ImportField[],
    cells: Record<ImportField, string>,
    field: ImportField,
    value: string,
  ) =>
    setEdits((current) => ({
      ...current,
      [line]: {
        ...Object.fromEntries(fields.map((name) => [name, cells[name]])),
        ...current[line],
        [field]: value,
      },
    }));
  const skip = (lines: number[], on: boolean) =>
    setSkipped((current) => {
      const next = new Set(current);
      for (const line of lines)
        if (on) next.add(line);
        else next.delete(line);
      return next;
    });

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
      setEdits({});
      setSkipped(new Set());
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
      const added = [
        result.notes > 0 && plural(result.notes, 'note'),
        result.weighings > 0 && plural(result.weighings, 'weighing'),
      ].filter(Boolean);
      const description = [
        added.length > 0 && `With ${added.join(' and ')}.`,
        skippedCount > 0 && `${plural(skippedCount, 'row')} skipped, as you chose.`,
      ].filter(Boolean);
      toast({
        title: `Imported ${plural(result.created, 'animal')}`,
        description: description.length ? description.join(' ') : undefined,
      });
      navigate('/my-animals');
    } catch (error) {
      // an animal added meanwhile: the preview shows it as a problem
      void known.refetch();
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
          Sex, Birth Date, Weight, Dam, Sire, Group, Notes, Weighed on. Nothing is saved until you confirm.
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
          <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
            {unimported.length > 0
              ? `Not imported: ${unimported.join(', ')}.`
              : 'Every column of the file is imported.'}
          </p>
        </section>
      )}

      {sheet && mapping && (
        <section aria-labelledby="import-preview-heading" className={`${cardClasses} space-y-3`}>
          <h2 id="import-preview-heading" className="text-lg font-semibold">
            Preview
          </h2>
          <p className="text-sm text-stone-700" role="status">
            {known.isPending
              ? 'Checking your herd...'
              : `${valid.length} ready to import${skippedCount > 0 ? `, ${skippedCount} skipped` : ''}${
                  withProblems.length > 0 ? `, ${withProblems.length} with problems to fix or skip` : ''
                }.${
                  notes + weighings > 0
                    ? ` With them: ${plural(notes, 'note')} and ${plural(weighings, 'weighing')}.`
                    : ''
                } Animals with no group go into \u2018Imported\u2019.`}
          </p>
          {known.isError && (
            <p role="alert" className="text-sm text-red-700">
              Could not check which animals your herd already has: {errorMessage(known.error)}
            </p>
          )}
          {tooMany && (
            <p role="alert" className="text-sm text-red-700">
              Import at most {importRowLimit} animals at a time: split the file.
            </p>
          )}
          <ol className="divide-y divide-stone-100" aria-label="Rows of the file">
            {read.map(({ line, row, problems, fix, skipped: isSkipped, cells }) => {
              const fields = [
                ...new Set([...(isSkipped ? [] : fix), ...(Object.keys(edits[line] ?? {}) as ImportField[])]),
              ];
              const open = problems.length > 0 || isSkipped || fields.length > 0;
              return (
                <li key={line} className="py-2 text-sm">
                  <div className="flex flex-wrap items-baseline gap-x-2">
                    <span id={`import-row-${line}`} className="text-stone-500">
                      Row {line}
                    </span>
                    <span className="font-medium [overflow-wrap:anywhere]">{cells.name || 'No name'}</span>
                    {row && (
                      <span className="text-stone-600 [overflow-wrap:anywhere]">
                        {[
                          row.species,
                          row.sex && sexLabels[row.sex],
                          row.birthDate && `born ${formatUsDate(row.birthDate)}`,
                          row.groups.join(', ') || 'Imported',
                          row.weight != null &&
                            `weighed ${row.weight}${row.weighedOn ? ` on ${formatUsDate(row.weighedOn)}` : ''}`,
                          row.notes && 'a note',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    )}
                    {isSkipped && <span className="text-stone-600">Skipped</span>}
                  </div>
                  {problems.length > 0 && (
                    <ul className="mt-1 list-disc pl-5 text-red-700">
                      {problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  )}
                  {open && (
                    <fieldset
                      aria-labelledby={`import-row-${line}`}
                      className="mt-2 grid gap-2 rounded-md border border-stone-200 bg-stone-50 p-2 sm:grid-cols-2"
                    >
                      {!isSkipped &&
                        fields.map((field) => (
                          <TextField
                            key={field}
                            label={importFieldLabels[field]}
                            value={cells[field]}
                            onChange={(event) => edit(line, fields, cells, field, event.target.value)}
                          />
                        ))}
                      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 font-medium text-stone-800">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          checked={isSkipped}
                          onChange={(event) => skip([line], event.target.checked)}
                        />
                        Skip
                      </label>
                    </fieldset>
                  )}
                </li>
              );
            })}
          </ol>
          {withProblems.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm text-stone-700">Fix or skip the rows with problems to import.</p>
              <Button
                variant="secondary"
                onClick={() =>
                  skip(
                    withProblems.map((read) => read.line),
                    true,
                  )
                }
              >
                Skip Rows with Problems
              </Button>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={
                valid.length === 0 ||
                withProblems.length > 0 ||
                !known.data ||
                tooMany ||
                importAnimals.isPending
              }
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
