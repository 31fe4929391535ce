// A care entry recorded with no signal, as the outbox keeps it: the request, and how the animal's
// history and the group's log show it until the server has it ('Waiting to sync').
import type { CareEntryCreate } from '../../../shared/schemas/care';
import type { WeightUnit } from '../../../shared/schemas/profile';
import type { NewChange } from '../../lib/outbox';

/** The sum of each animal's dose, to the three decimals a dose keeps. */
export const totalDose = (doses: { dosage: number }[]) =>
  Math.round(doses.reduce((sum, dose) => sum + dose.dosage, 0) * 1000) / 1000;

/** 'Ivermectin 2 mL · Milkers (3 animals)', 'Weight 42.5 kg · Daisy', 'Note: Limping · Daisy' */
export function careSummary(input: CareEntryCreate, subject: string, unit: WeightUnit): string {
  const count = input.type === 'weight' ? input.weights.length : input.animalIds.length;
  const who = input.groupId ? `${subject} (${count} ${count === 1 ? 'animal' : 'animals'})` : subject;
  switch (input.type) {
    case 'medical':
      // dosed by weight, each animal its own: the whole treatment's
      return input.dosage === undefined
        ? `${input.medicationName} ${totalDose(input.doses ?? [])} ${input.dosageUnit} in all · ${who}`
        : `${input.medicationName} ${input.dosage} ${input.dosageUnit} · ${who}`;
    case 'weight': {
      const [only] = input.weights;
      return input.weights.length === 1 && only
        ? `Weight ${only.weightValue} ${input.weightUnit ?? unit} · ${who}`
        : `Weigh-in · ${who}`;
    }
    case 'note':
      return `Note: ${input.title} · ${who}`;
  }
}

export function pendingCare(
  input: CareEntryCreate & { batchId: string },
  subject: string,
  unit: WeightUnit,
): NewChange {
  return {
    kind: 'care-entry',
    id: input.batchId,
    input,
    summary: careSummary(input, subject, unit),
    animalIds: input.type === 'weight' ? input.weights.map((weight) => weight.animalId) : input.animalIds,
    groupIds: input.groupId ? [input.groupId] : [],
  };
}
