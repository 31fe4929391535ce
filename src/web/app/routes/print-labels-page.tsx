// /labels, 'Print Labels' (issue 30): labels for the animals My Animals' filter chose (the same
// address: /labels?group=…&species=…), or a group's (/labels?group=…), each with the animal's name,
// tag and a QR code that opens it. The paper (A4 or US Letter) and the layout (2 × 7 or 3 × 8) are
// remembered on the device; 'Print' opens the browser's print dialog, which prints the sheets only.
// With no signal the labels come from the herd on the device.
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Loading, LoadError } from '../../components/page-states';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { isFiltered, readFilters } from '../../features/animals/animal-filters';
import {
  LabelSheets,
  labelsPerPage,
  layoutLabels,
  layoutValues,
  paperLabels,
  paperValues,
  type Layout,
  type Paper,
} from '../../features/animals/labels/label-sheets';
import { useFilteredHerd } from '../../features/animals/use-filtered-herd';
import { groupsQuery } from '../../features/groups/api/groups';

const choiceKey = 'paddock-labels';

/** The paper and layout last printed on this device; Letter where the browser's region uses it. */
function readChoice(): { paper: Paper; layout: Layout } {
  try {
    const saved = JSON.parse(localStorage.getItem(choiceKey) ?? 'null') as Partial<{
      paper: string;
      layout: string;
    }> | null;
    const paper = paperValues.find((value) => value === saved?.paper);
    const layout = layoutValues.find((value) => value === saved?.layout);
    if (paper && layout) return { paper, layout };
  } catch {
    // a damaged entry: start again from the defaults
  }
  const region = new Intl.Locale(navigator.language).maximize().region ?? '';
  return {
    paper: ['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE'].includes(region) ? 'letter' : 'a4',
    layout: '2x7',
  };
}

export default function PrintLabelsPage() {
  const [params] = useSearchParams();
  const filter = readFilters(params);
  const { animals, onDevice, list, stale } = useFilteredHerd(filter);
  const groups = useQuery(groupsQuery);
  const [choice, setChoice] = useState(readChoice);
  const choose = (next: Partial<typeof choice>) =>
    setChoice((previous) => {
      const chosen = { ...previous, ...next };
      localStorage.setItem(choiceKey, JSON.stringify(chosen));
      return chosen;
    });

  if (!onDevice && animals.isPending) return <Loading>Loading animals...</Loading>;
  if (!onDevice && animals.isError)
    return <LoadError error={animals.error} onRetry={() => void animals.refetch()} />;

  const group = filter.group ? groups.data?.find((item) => item.id === filter.group) : undefined;
  const backHref =
    group && Object.keys(filter).length === 1
      ? `/group/${group.id}`
      : `/my-animals${params.size ? `?${params.toString()}` : ''}`;
  const which = group ? group.name : isFiltered(filter) ? 'The animals found on My Animals' : 'All animals';
  const pages = Math.ceil(list.length / labelsPerPage(choice.layout));

  return (
    <div className="space-y-4 print:space-y-0">
      <section
        aria-label="Label settings"
        className="mx-auto max-w-[816px] space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm print:hidden"
      >
        <p className="text-sm text-stone-700">
          <span className="font-medium text-stone-900">{which}</span>
          {onDevice && ' (from the herd on this device: no signal)'}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Paper"
            value={choice.paper}
            onChange={(event) => choose({ paper: event.target.value as Paper })}
          >
            {paperValues.map((value) => (
              <option key={value} value={value}>
                {paperLabels[value]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Layout"
            value={choice.layout}
            onChange={(event) => choose({ layout: event.target.value as Layout })}
          >
            {layoutValues.map((value) => (
              <option key={value} value={value}>
                {layoutLabels[value]}
              </option>
            ))}
          </SelectField>
        </div>
        <p role="status" className="text-sm font-medium text-stone-700">
          {list.length === 0
            ? 'No animals to label'
            : `${list.length === 1 ? '1 label' : `${list.length} labels`} on ${pages === 1 ? '1 page' : `${pages} pages`}`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={list.length === 0 || stale} onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            Print
          </Button>
          <Link href={backHref} className={`${buttonBase} ${buttonClasses.secondary}`}>
            Back
          </Link>
        </div>
        <p className="text-xs text-stone-600">
          Print at 100% (actual size), with no margins. A label&apos;s QR code opens the animal for a
          signed-in member of this farm.
        </p>
      </section>
      {list.length > 0 && (
        <LabelSheets
          animals={list}
          paper={choice.paper}
          layout={choice.layout}
          origin={window.location.origin}
        />
      )}
    </div>
  );
}
