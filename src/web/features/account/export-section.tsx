// Account → 'Export Data': the farm's records as a ZIP of spreadsheets or one JSON document. Plain
// links: the browser downloads the streamed file itself (with the session cookie), whatever its size.
import { Download, FileUp } from 'lucide-react';
import type { ExportDocument } from '../../../shared/schemas/export';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { useToast } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { useImportDocument } from './api/import-document';

export function ExportSection() {
  const importDocument = useImportDocument();
  const toast = useToast();
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      const document = JSON.parse(await file.text()) as ExportDocument;
      const result = await importDocument.mutateAsync(document);
      toast({ title: 'Farm imported', description: `${result.rows} records from ${file.name}.` });
    } catch (error) {
      toast({
        title: 'Failed to import the file. Nothing was saved.',
        description:
          error instanceof SyntaxError ? 'The file is not a Paddock JSON export.' : errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="export-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="export-heading" className="text-lg font-semibold">
        Export Data
      </h2>
      <p className="text-sm text-stone-700">
        Download every animal, group, care entry, reminder and breeding: as spreadsheets (a ZIP of CSV files),
        or as one JSON file that Paddock can import again.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href="/api/v1/export/csv" download className={`${buttonBase} ${buttonClasses.secondary}`}>
          <Download aria-hidden className="size-4" />
          Download CSV
        </a>
        <a href="/api/v1/export/json" download className={`${buttonBase} ${buttonClasses.secondary}`}>
          <Download aria-hidden className="size-4" />
          Download JSON
        </a>
      </div>
      <p className="text-sm text-stone-700">
        Moving to this account? Import a Paddock JSON file into a new, empty farm.
      </p>
      <label className={`${buttonBase} ${buttonClasses.secondary} cursor-pointer focus-within:ring-2`}>
        <FileUp aria-hidden className="size-4" />
        {importDocument.isPending ? 'Importing...' : 'Import a Paddock File'}
        <input
          type="file"
          accept=".json,application/json"
          className="sr-only"
          aria-label="Paddock JSON file"
          disabled={importDocument.isPending}
          onChange={(event) => void choose(event.target)}
        />
      </label>
    </section>
  );
}
