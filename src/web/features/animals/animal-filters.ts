// My Animals' search, filters and order as URL search params (?q=&group=&species=&sex=
// &withdrawal=&sort=&past=), so a reload and the Back button bring the same list back. Values a
// hand-edited address could hold but the API would refuse are dropped here rather than shown as an
// error. With no signal, searchHerd does the server's search on the device's copy of the herd.
import { compareNaturally } from '../../../shared/animals/natural-sort';
import { activeWithdrawals } from '../../../shared/care/withdrawal';
import {
  animalSortValues,
  noGroup,
  sexValues,
  underWithdrawal,
  type AnimalSort,
} from '../../../shared/animals/values';
import type { AnimalListItem, AnimalListQuery, Species } from '../../../shared/schemas/animals';
import { kilogramsPerPound } from '../../../shared/units/weights';
import { dateInZone, usDate } from '../../lib/dates';

export const filterKeys = ['q', 'group', 'species', 'sex', 'withdrawal', 'sort', 'past'] as const;
export type FilterKey = (typeof filterKeys)[number];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The list's query from the address: only the parts set and valid; the search trimmed. */
export function readFilters(params: URLSearchParams): AnimalListQuery {
  const filter: AnimalListQuery = {};
  const q = params.get('q')?.trim().slice(0, 100);
  if (q) filter.q = q;
  const group = params.get('group') ?? '';
  if (group === noGroup || uuid.test(group)) filter.group = group;
  const species = params.get('species') ?? '';
  if (uuid.test(species)) filter.species = species;
  const sex = params.get('sex') ?? '';
  if (isOneOf(sexValues, sex)) filter.sex = sex;
  if (params.get('withdrawal') === underWithdrawal) filter.withdrawal = underWithdrawal;
  // 'Include past animals' (sold, died…: decision 0043)
  if (params.get('past') === 'true') filter.past = 'true';
  const sort = params.get('sort') ?? '';
  if (isOneOf(animalSortValues, sort) && sort !== 'name') filter.sort = sort;
  return filter;
}

/** True when anything narrows (or, past animals, widens) the list; the order alone does not. */
export const isFiltered = (filter: AnimalListQuery) =>
  Boolean(filter.q || filter.group || filter.species || filter.sex || filter.withdrawal || filter.past);

/** Its weight in kilograms whatever unit it was recorded in (no unit: lbs), as the server orders. */
const kilograms = (animal: AnimalListItem) =>
  animal.weight === null ? null : animal.weight * (animal.weightUnit === 'kg' ? 1 : kilogramsPerPound);

/** Ascending or descending by a value; an animal without one comes last either way. */
function byValue<T extends string | number>(
  value: (animal: AnimalListItem) => T | null,
  descending: boolean,
) {
  return (a: AnimalListItem, b: AnimalListItem) => {
    const left = value(a);
    const right = value(b);
    if (left === right) return 0;
    if (left === null) return 1;
    if (right === null) return -1;
    return (left < right ? -1 : 1) * (descending ? -1 : 1);
  };
}

const orders: Record<AnimalSort, (a: AnimalListItem, b: AnimalListItem) => number> = {
  name: () => 0,
  youngest: byValue((animal) => animal.birthDate, true),
  oldest: byValue((animal) => animal.birthDate, false),
  heaviest: byValue(kilograms, true),
  lightest: byValue(kilograms, false),
};

/**
 * The server's search (GET /api/v1/animals?…, animals.repo.ts) done on the device's copy of the
 * whole herd, for My Animals with no signal: the same matches and the same order. `species` is
 * the farm's species list (a list item names its species; the filter gives its id); `today` is
 * the farm's date, for the withdrawal filter. The device's copy holds the herd of today: past
 * animals are not on it, whatever `past` says.
 */
export function searchHerd(
  herd: AnimalListItem[],
  filter: AnimalListQuery,
  { today, species }: { today: string; species: Pick<Species, 'id' | 'name'>[] | undefined },
): AnimalListItem[] {
  const text = filter.q?.trim().toLowerCase();
  const speciesName = filter.species
    ? (species?.find((item) => item.id === filter.species)?.name ?? null)
    : null;
  const contains = (value: string | null) => value !== null && value.toLowerCase().includes(text ?? '');
  const order = orders[filter.sort ?? 'name'];
  return herd
    .filter(
      (animal) =>
        (!text ||
          contains(animal.name) ||
          contains(animal.tagId) ||
          contains(animal.electronicId ?? null) ||
          contains(animal.breed)) &&
        (!filter.group ||
          (filter.group === noGroup ? !animal.groupIds.length : animal.groupIds.includes(filter.group))) &&
        (!filter.species || (speciesName !== null && animal.speciesName === speciesName)) &&
        (!filter.sex || animal.sex === filter.sex) &&
        (!filter.withdrawal || activeWithdrawals(animal.withdrawal, today).length > 0),
    )
    .sort(
      (a, b) => order(a, b) || compareNaturally(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/**
 * A moment as the app writes it: '9:05 AM' today, '11/25/26 9:05 AM' on another day (US style, as
 * every date here), on this device's clock unless a zone is given. For 'Offline — herd as of {time}'
 * (here, not in lib/dates, so that only My Animals downloads it).
 */
export function formatUsTime(
  at: number,
  now = Date.now(),
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  const day = dateInZone(new Date(at), timeZone);
  return day === dateInZone(new Date(now), timeZone) ? time : `${usDate(day)} ${time}`;
}
