// Milk as the screens say it: amounts in the farm's unit, the milking, days in milk, the discard
// warning, and the milking choice both milk forms share.
import { Sun, Sunrise, Sunset } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { shortDate } from '../../../../shared/care/dates';
import type { DoeProduction, MilkUnit, MilkWithdrawal } from '../../../../shared/schemas/milk';
import { formatMilk, milkingLabels, milkings, type Milking } from '../../../../shared/units/milk';
import { TextField } from '../../../components/ui/field';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { usDate } from '../../../lib/dates';

/** '12.5 lbs': an amount already in the farm's unit (the production summary's). */
export const milkText = (value: number, unit: MilkUnit) => formatMilk(value, unit, unit);

/** 'Discard: Daisy is not safe for milk until Dec 2' */
export const discardMessage = ({ name, until }: MilkWithdrawal) =>
  `Discard: ${name} is not safe for milk until ${shortDate(until)}`;

/** 'Day 45 in milk', or why there is no count. */
export const daysInMilkText = (doe: DoeProduction) =>
  doe.daysInMilk === null ? 'No birth recorded' : `Day ${doe.daysInMilk} in milk`;

/** '11/26/26 Morning · 3.5 lbs', or 'Not milked yet'. */
export function lastMilkingText(doe: DoeProduction, unit: MilkUnit): string {
  const last = doe.lastMilking;
  if (!last) return 'Not milked yet';
  return `${usDate(last.milkedOn)} ${milkingLabels[last.milking]} · ${milkText(last.amount, unit)}`;
}

const milkingOptions = milkings.map((value) => ({
  value,
  label: milkingLabels[value],
  Icon: { morning: Sunrise, evening: Sunset, once: Sun }[value],
}));

/** An amount of milk, typed: two decimals at most. */
export function MilkAmountField(props: ComponentProps<typeof TextField>) {
  return <TextField type="number" inputMode="decimal" step={0.01} min={0} {...props} />;
}

/** When it was milked, as both milk forms ask it: 'Date' (not after the farm's today) and 'Milking'. */
export function MilkingWhenFields({
  date,
  dateError,
  today,
  milking,
}: {
  date: UseFormRegisterReturn;
  dateError?: string;
  /** the farm's today, 'YYYY-MM-DD' */
  today: string;
  /** the milking's form field (react-hook-form's useController) */
  milking: { value: Milking; onChange: (value: Milking) => void };
}) {
  return (
    <>
      <TextField label="Date" type="date" max={today} error={dateError} {...date} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-800">Milking</legend>
        <SegmentedToggle
          label="Milking"
          options={milkingOptions}
          value={milking.value}
          onChange={milking.onChange}
        />
      </fieldset>
    </>
  );
}

/** One doe's figures: what the Milk card on her profile shows too. */
export function DoeFigures({ doe, unit }: { doe: DoeProduction; unit: MilkUnit }) {
  const rows: [string, string][] = [
    ['Days in milk', daysInMilkText(doe)],
    ['Last milking', lastMilkingText(doe, unit)],
    ['7-day average', `${milkText(doe.average7, unit)} a day`],
    [
      'This lactation',
      `${milkText(doe.lactation.saleable, unit)} saleable${
        doe.lactation.discarded ? `, ${milkText(doe.lactation.discarded, unit)} discarded` : ''
      }`,
    ],
  ];
  return (
    <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="[overflow-wrap:anywhere] text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
