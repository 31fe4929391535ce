// Which animals lay: the female chickens, counted as the server counts the lay rate's hens
// (production.repo.ts, eggProduction: sex female, species named 'Chicken').
import type { AnimalListItem } from '../../../shared/schemas/animals';

export const isHen = (animal: Pick<AnimalListItem, 'sex' | 'speciesName'>) =>
  animal.sex === 'female' && animal.speciesName?.toLowerCase() === 'chicken';

/** The group to collect from when none was chosen: the first with hens, else the only one. */
export function groupWithHens(groups: { id: string }[], animals: AnimalListItem[]): string {
  const laying = new Set(animals.filter(isHen).flatMap((animal) => animal.groupIds));
  return groups.find((group) => laying.has(group.id))?.id ?? (groups.length === 1 ? groups[0]!.id : '');
}
