// The 'Health Record' of one animal as a vet reads it, on screen and on paper (one or two A4/Letter
// pages by the print styles): at the top whose it is (farm, owner's name and email), the day it was
// printed and the withdrawals running that day ('Not safe for milk until Dec 1'); identity with
// photo, age, dam and sire; weights as a chart and a table; medicines with dosage, route, lot and
// withdrawal; notes; a doe's milk per lactation. Shared by the farm's page and the read-only page of a share link, so both show
// the same thing.
import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { ageLabel } from '../../../shared/animals/age';
import { dailyWeights } from '../../../shared/care/growth';
import { sexLabels } from '../../../shared/animals/values';
import type { HealthRecord, RecordEntry } from '../../../shared/schemas/records';
import { formatMilk } from '../../../shared/units/milk';
import { WithdrawalBadges } from '../../features/animals/components/withdrawal-badges';
import { medicineDetails } from '../../features/care/components/entry-display';
import { WeightChart } from '../../features/care/components/weight-chart';
import { chartLabel, WeightPointsTable } from '../../features/care/components/weight-card';
import { formatUsDate } from '../../lib/dates';

const sectionClasses = 'space-y-2 break-inside-avoid-page';
const headingClasses = 'border-b border-stone-300 pb-1 text-base font-semibold';

function dose(entry: RecordEntry): string {
  return entry.dosage === null ? '' : `${entry.dosage} ${entry.dosageUnit ?? ''}`.trim();
}

/** A section of entries by date, newest first, each line kept whole on paper. */
function DatedEntries({
  id,
  title,
  empty,
  entries,
  render,
}: {
  id: string;
  title: string;
  empty: string;
  entries: RecordEntry[];
  render: (entry: RecordEntry) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={sectionClasses}>
      <h3 id={id} className={headingClasses}>
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="text-stone-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="grid grid-cols-[5rem_minmax(0,1fr)] gap-2 py-1.5 break-inside-avoid"
            >
              <span className="text-stone-600">{formatUsDate(entry.dateRecorded)}</span>
              <span className="[overflow-wrap:anywhere]">{render(entry)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A doe's milk per lactation, from each recorded birth to the next: shown only for a doe ever milked. */
function MilkSection({ milk }: { milk: NonNullable<HealthRecord['milk']> }) {
  const amount = (value: number) => formatMilk(value, milk.unit, milk.unit);
  const cell = 'py-1 pr-2';
  return (
    <section aria-labelledby="record-milk" className={sectionClasses}>
      <h3 id="record-milk" className={headingClasses}>
        Milk
      </h3>
      <table className="w-full text-left">
        <caption className="sr-only">Milk per lactation</caption>
        <thead className="text-stone-600">
          <tr>
            {['Lactation', 'Days milked', 'Total', 'Discarded'].map((heading) => (
              <th key={heading} scope="col" className={`${cell} font-medium`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {milk.lactations.map((lactation) => (
            <tr key={lactation.from ?? 'before'} className="break-inside-avoid">
              <th scope="row" className={`${cell} font-normal`}>
                {lactation.from ? `Birth ${formatUsDate(lactation.from)}` : 'Before first recorded birth'}
                <span className="block text-xs text-stone-600">
                  {formatUsDate(lactation.firstMilked)}–{formatUsDate(lactation.lastMilked)}
                </span>
              </th>
              <td className={cell}>{lactation.days}</td>
              <td className={cell}>{amount(lactation.amount)}</td>
              <td className={cell}>{amount(lactation.discarded)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function HealthRecordView({ record }: { record: HealthRecord }) {
  const { animal, farm, weightUnit: unit } = record;
  const owner = [farm.ownerName, farm.ownerEmail].filter(Boolean).join(' · ');
  const identity: [string, string | null][] = [
    ['Species', animal.speciesName],
    ['Breed', animal.breed],
    ['Sex', animal.sex ? sexLabels[animal.sex] : null],
    ['Birth date', formatUsDate(animal.birthDate)],
    ['Age', ageLabel(animal.birthDate, record.today)],
    ['Color', animal.color],
    ['Tag ID', animal.tagId],
    ['Electronic ID', animal.electronicId],
    ['Dam', animal.dam],
    ['Sire', animal.sire],
  ];
  const days = dailyWeights(record.weights, unit);
  return (
    <article aria-labelledby="record-name" className="space-y-5 text-sm text-stone-900">
      <header className="flex items-start gap-4">
        {animal.photoUrl ? (
          <img
            src={animal.photoUrl}
            alt={animal.name}
            className="size-28 shrink-0 rounded-lg object-cover print:size-32"
          />
        ) : (
          <div className="flex size-28 shrink-0 flex-col items-center justify-center gap-1 rounded-lg bg-stone-100 text-stone-600">
            <ImageOff aria-hidden className="size-6" />
            <span className="text-xs font-medium">No Image</span>
          </div>
        )}
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-medium tracking-wide text-stone-600 uppercase">Health Record</p>
          <h2 id="record-name" className="text-xl font-semibold [overflow-wrap:anywhere]">
            {animal.name}
          </h2>
          {farm.name && <p className="font-medium [overflow-wrap:anywhere]">{farm.name}</p>}
          {owner && <p className="[overflow-wrap:anywhere]">Owner: {owner}</p>}
          <p className="text-xs text-stone-600">Printed from Paddock on {formatUsDate(record.today)}</p>
          <WithdrawalBadges withdrawal={animal.withdrawal} today={record.today} />
        </div>
      </header>

      <section aria-labelledby="record-identity" className={sectionClasses}>
        <h3 id="record-identity" className={headingClasses}>
          Identity
        </h3>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2 print:grid-cols-2">
          {identity.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2">
              <dt className="font-medium text-stone-600">{label}</dt>
              <dd className={`[overflow-wrap:anywhere] ${value ? '' : 'text-stone-500 italic'}`}>
                {value ?? 'Not recorded'}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="record-weights" className={sectionClasses}>
        <h3 id="record-weights" className={headingClasses}>
          Weights
        </h3>
        {record.weights.length === 0 ? (
          <p className="text-stone-600">No weighings recorded.</p>
        ) : (
          <>
            <div className="max-w-xl">
              <WeightChart
                series={[{ id: animal.id, name: animal.name, points: days }]}
                unit={unit}
                label={chartLabel(animal.name, days, unit)}
              />
            </div>
            <WeightPointsTable points={record.weights} unit={unit} />
          </>
        )}
      </section>

      <DatedEntries
        id="record-medications"
        title="Medications"
        empty="No medications recorded."
        entries={record.medications}
        render={(entry) => (
          <>
            <span className="font-medium">{entry.medicationName}</span>
            {dose(entry) && <span> · {dose(entry)}</span>}
            {medicineDetails(entry) && <span className="block text-stone-700">{medicineDetails(entry)}</span>}
          </>
        )}
      />
      <DatedEntries
        id="record-notes"
        title="Notes"
        empty="No notes recorded."
        entries={record.notes}
        render={(entry) => (
          <span className="whitespace-pre-line">
            <span className="block font-medium">{entry.title}</span>
            {entry.noteContent}
          </span>
        )}
      />
      {record.milk && <MilkSection milk={record.milk} />}
    </article>
  );
}
