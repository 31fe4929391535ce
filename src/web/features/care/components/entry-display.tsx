// How a care entry (or a group's batch) reads in a list: its icon, title and details.
import { NotebookPen, Pill, Scale, type LucideIcon } from 'lucide-react';
import type { CareBatch, CareEntry, EntryType } from '../../../../shared/schemas/care';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { formatWeight, recordedAs } from '../../../../shared/units/weights';

export const entryIcons: Record<EntryType, LucideIcon> = { medical: Pill, weight: Scale, note: NotebookPen };
export const entryTypeLabels: Record<EntryType, string> = {
  medical: 'Medication',
  weight: 'Weight',
  note: 'Note',
};

/** '75.5', '60', '2.25': no trailing zeros, at most two decimals. */
export const formatNumber = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

type Values = Pick<CareEntry, 'type' | 'medicationName' | 'dosage' | 'dosageUnit' | 'title'>;

/** 'Heartworm 2 mL', 'Weight check' or the note's title. */
export function entryTitle(entry: Values): string {
  switch (entry.type) {
    case 'medical':
      return [
        entry.medicationName ?? 'Medication',
        entry.dosage === null ? '' : formatNumber(entry.dosage),
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

/** An animal's entry: the note's whole text or the weight (lists cut it, with 'More'); nothing for a medication. */
export function entryDetails(entry: CareEntry, farmUnit: WeightUnit): string | null {
  switch (entry.type) {
    case 'medical':
      return null;
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
