// How a care entry (or a group's batch) reads in a list: its icon, title and details.
import { NotebookPen, Pill, Scale, type LucideIcon } from 'lucide-react';
import { cut } from '../../../../shared/care/rules';
import type { CareBatch, CareEntry, EntryType } from '../../../../shared/schemas/care';

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

/** An animal's entry: the note's text or the weight, cut at 50 characters; nothing for a medication. */
export function entryDetails(entry: CareEntry): string | null {
  switch (entry.type) {
    case 'medical':
      return null;
    case 'weight':
      return entry.weightValue === null
        ? null
        : cut(`${formatNumber(entry.weightValue)} ${entry.weightUnit ?? 'lbs'}`);
    case 'note':
      return entry.noteContent ? cut(entry.noteContent) : null;
  }
}

/** A batch: the note's text, or each animal's weight ('Clover 75.5 lbs, Pepper 60 lbs'), cut at 50. */
export function batchDetails(batch: CareBatch): string | null {
  switch (batch.type) {
    case 'medical':
      return null;
    case 'weight': {
      const unit = batch.weightUnit ?? 'lbs';
      const weights = batch.animals
        .filter((animal) => animal.weightValue !== null)
        .map((animal) => `${animal.name} ${formatNumber(animal.weightValue!)} ${unit}`);
      return weights.length ? cut(weights.join(', ')) : null;
    }
    case 'note':
      return batch.noteContent ? cut(batch.noteContent) : null;
  }
}

/** Animals per batch id (a batch whose entries were later changed one by one spans several rows). */
export function batchSizes(batches: CareBatch[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const batch of batches)
    sizes.set(batch.batchId, (sizes.get(batch.batchId) ?? 0) + batch.animals.length);
  return sizes;
}
