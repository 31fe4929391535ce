// My Animals' search, filters and order as URL search params (?q=&group=&species=&sex=
// &withdrawal=&sort=), so a reload and the Back button bring the same list back. Values a
// hand-edited address could hold but the API would refuse are dropped here rather than shown as an
// error.
import {
  animalSortValues,
  noGroup,
  sexValues,
  underWithdrawal,
  type AnimalListQuery,
} from '../../../shared/schemas/animals';

export const filterKeys = ['q', 'group', 'species', 'sex', 'withdrawal', 'sort'] as const;
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
  const sort = params.get('sort') ?? '';
  if (isOneOf(animalSortValues, sort) && sort !== 'name') filter.sort = sort;
  return filter;
}

/** True when anything narrows the list (the order alone does not). */
export const isFiltered = (filter: AnimalListQuery) =>
  Boolean(filter.q || filter.group || filter.species || filter.sex || filter.withdrawal);
