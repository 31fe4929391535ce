// Account → 'Export Data': the farm's records as a ZIP of spreadsheets or one JSON document. Plain
// links: the browser downloads the streamed file itself (with the session cookie), whatever its size.
import { Download } from 'lucide-react';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';

export function ExportSection() {
  return (
    <section aria-labelledby="export-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="export-heading" className="text-lg font-semibold">
        Export Data
      </h2>
      <p className="text-sm text-stone-700">
        Download every animal, group, care entry and reminder: as spreadsheets (a ZIP of CSV files), or as one
        JSON file that Paddock can import again.
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
    </section>
  );
}
