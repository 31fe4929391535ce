// Each animal's dose of a medicine dosed by weight (treating from the cabinet, decision 0041): its
// latest weighing (or the weight its details give) worked out by the label's rate, with the words
// the form shows beside it — 'from 1.8 kg on Nov 20' — and null for an animal with no weight, whose
// dose the farmer types.
import { useQuery } from '@tanstack/react-query';
import { shortDate } from '../../../shared/care/dates';
import type { WeightPoint } from '../../../shared/schemas/care';
import type { Medicine } from '../../../shared/schemas/medicines';
import type { WeightUnit } from '../../../shared/schemas/profile';
import { doseForWeight, type WeightDose } from '../../../shared/medicines/treatment';
import { formatWeight } from '../../../shared/units/weights';
import { animalWeightsQuery, groupWeightsQuery } from './api/care';

export type PlannedDose = { dose: number | null; from: string };
/** By animal id; undefined while the weights load or when the medicine is not dosed by weight. */
export type DosePlan = Map<string, PlannedDose> | undefined;

/** A medicine's dose when it is by weight. */
export const weightDoseOf = (medicine: Medicine | undefined): WeightDose | undefined =>
  medicine?.dose?.kind === 'by-weight' ? medicine.dose : undefined;

function planned(
  dose: WeightDose,
  latest: WeightPoint | undefined,
  details: { weight: number | null; weightUnit: WeightUnit | null },
  farmUnit: WeightUnit,
): PlannedDose {
  const value = latest?.weightValue ?? details.weight;
  const unit = (latest ? latest.weightUnit : details.weightUnit) ?? 'lbs';
  if (value == null) return { dose: null, from: 'No weight recorded: weigh it, or type its dose' };
  const weight = formatWeight(value, unit, farmUnit);
  return {
    dose: doseForWeight(dose, value, unit),
    from: latest ? `from ${weight} on ${shortDate(latest.dateRecorded)}` : `from ${weight} (its details)`,
  };
}

/** The plan for a group's animals or one animal, once their weighings are loaded. */
export function useDosePlan(
  medicine: Medicine | undefined,
  owner: { isGroup: boolean; id: string; weight?: { value: number | null; unit: WeightUnit | null } },
  farmUnit: WeightUnit,
): DosePlan {
  const dose = weightDoseOf(medicine);
  const group = useQuery({ ...groupWeightsQuery(owner.id), enabled: !!dose && owner.isGroup });
  const animal = useQuery({ ...animalWeightsQuery(owner.id), enabled: !!dose && !owner.isGroup });
  if (!dose) return undefined;
  if (owner.isGroup) {
    if (!group.data) return undefined;
    return new Map(
      group.data.animals.map((member) => [member.id, planned(dose, member.points.at(-1), member, farmUnit)]),
    );
  }
  if (!animal.data) return undefined;
  const details = { weight: owner.weight?.value ?? null, weightUnit: owner.weight?.unit ?? null };
  return new Map([[owner.id, planned(dose, animal.data.points.at(-1), details, farmUnit)]]);
}
