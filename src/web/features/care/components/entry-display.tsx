// How a care entry (or a group's batch) reads in a list: its icon, title and details.
import { NotebookPen, Pill, Scale, type LucideIcon } from 'lucide-react';
import type { CareBatch, CareEntry, EntryType } from '../../../../shared/schemas/care';
import { medicineRouteLabels } from '../../../../shared/medicines/units';
import { labelDays } from '../../../../shared/care/withdrawal';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { formatWeight, recordedAs } from '../../../../shared/units/weights';
import { formatNumber } from '../../../../shared/units/numbers';

export const entryIcons: Record<EntryType, LucideIcon> = { medical: Pill, weight: Scale, note: NotebookPen };
export const entryTypeLabels: Record<EntryType, string> = {
  medical: 'Medication',
  weight: 'Weight',
  note: 'Note',
};

type Values = Pick<CareEntry, 'type' | 'medicationName' | 'dosage' | 'dosageUnit' | 'title'>;

/** 'Heartworm 2 mL', 'Weight check' or the note's title. */
export function entryTitle(entry: Values): string {
  switch (entry.type) {
    case 'medical':
      return [
        entry.medicationName ?? 'Medication',
        // '2.25', '60': no trailing zeros, at most two decimals
        entry.dosage === null ? '' : formatNumber(entry.dosage, { maximumFractionDigits: 2 }),
        entry.dosageUnit ?? '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'weight':
      return 'Weight check';
    case 'note':
      return entry.title ?? 'Note';
  }
}

/** '1,168.4 lbs (recorded as 530 kg)': a weight in the farm's unit, and its own when it differs. */
export function weightText(value: number, recordedIn: WeightUnit | null, farmUnit: WeightUnit): string {
  const recorded = recordedAs(value, recordedIn, farmUnit);
  return `${formatWeight(value, recordedIn, farmUnit)}${recorded ? ` (${recorded})` : ''}`;
}

/**
 * A medication's record beyond its dose: 'Injection · Lot A-2291 · Given by Dr. Lee · Withdrawal:
 * meat 28 days, milk 4 days'; on an organic farm 'Withdrawal (organic ×2): meat 28 days (label
 * 14)', a 2 from the 48-hour floor without a label (decision 0040); null when none of it was recorded.
 */
export function medicineDetails(
  entry: Pick<
    CareEntry,
    'route' | 'lotNumber' | 'givenBy' | 'meatWithdrawalDays' | 'milkWithdrawalDays' | 'eggWithdrawalDays'
  > &
    // the health record's entries do not say
    Partial<Pick<CareEntry, 'organic'>>,
): string | null {
  const days = (value: number) => `${value} ${value === 1 ? 'day' : 'days'}`;
  const label = (value: number) => (entry.organic && value > 2 ? ` (label ${labelDays(value)})` : '');
  const periods = [
    ['meat', entry.meatWithdrawalDays],
    ['milk', entry.milkWithdrawalDays],
    ['eggs', entry.eggWithdrawalDays],
  ].flatMap(([kind, value]) => (value ? [`${kind} ${days(value as number)}${label(value as number)}`] : []));
  const parts = [
    entry.route && medicineRouteLabels[entry.route],
    entry.lotNumber && `Lot ${entry.lotNumber}`,
    entry.givenBy && `Given by ${entry.givenBy}`,
    periods.length ? `Withdrawal${entry.organic ? ' (organic ×2)' : ''}: ${periods.join(', ')}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** An animal's entry: the note's whole text, the weight or the medicine record (lists cut it, with 'More'). */
export function entryDetails(entry: CareEntry, farmUnit: WeightUnit): string | null {
  switch (entry.type) {
    case 'medical':
      return medicineDetails(entry);
    case 'weight':
      if (entry.weightValue === null) return null;
      return `${weightText(entry.weightValue, entry.weightUnit, farmUnit)}${
        entry.bodyCondition === null ? '' : ` · Body condition ${entry.bodyCondition} / 5`
      }`;
    case 'note':
      return entry.noteContent || null;
  }
}

/** A batch: the note's text, or each animal's weight in the farm's unit ('Clover 75.5 lbs, Pepper 60 lbs'). */
export function batchDetails(batch: CareBatch, farmUnit: WeightUnit): string | null {
  switch (batch.type) {
    case 'medical':
      return null;
    case 'weight': {
      const weights = batch.animals
        .filter((animal) => animal.weightValue !== null)
        .map((animal) =>
          batch.forAnimal
            ? weightText(animal.weightValue!, batch.weightUnit, farmUnit)
            : `${animal.name} ${formatWeight(animal.weightValue, batch.weightUnit, farmUnit)}`,
        );
      if (!weights.length) return null;
      // a group's weigh-in in the other unit says so once, not for each animal
      const recordedIn = batch.weightUnit ?? 'lbs';
      const other = !batch.forAnimal && recordedIn !== farmUnit;
      return `${weights.join(', ')}${other ? ` (recorded in ${recordedIn})` : ''}`;
    }
    case 'note':
      return batch.noteContent || null;
  }
}

/** Animals per group batch id (a batch whose entries were later changed one by one spans several rows). */
export function batchSizes(batches: CareBatch[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const batch of batches.filter((row) => row.forAnimal === null))
    sizes.set(batch.batchId, (sizes.get(batch.batchId) ?? 0) + batch.animals.length);
  return sizes;
}
