import { describe, expect, it } from 'vitest';
import type { AnimalListItem } from '../../../shared/schemas/animals';
import { formatUsTime, isFiltered, readFilters, searchHerd } from './animal-filters';

const read = (search: string) => readFilters(new URLSearchParams(search));
const id = '0b0c4f55-6a43-4e0e-9a47-3d2f3f0b5e21';

describe("My Animals' choice in the address", () => {
  it('reads every part that is set and valid', () => {
    expect(read(`?q=%20band-17%20&group=${id}&species=${id}&sex=female&sort=youngest`)).toEqual({
      q: 'band-17',
      group: id,
      species: id,
      sex: 'female',
      sort: 'youngest',
    });
    expect(read('?group=none')).toEqual({ group: 'none' });
    expect(read('?withdrawal=active')).toEqual({ withdrawal: 'active' });
  });

  it('drops what the API would refuse, and the default order', () => {
    expect(read('?q=&group=hens&species=goat&sex=hen&withdrawal=yes&sort=weight')).toEqual({});
    expect(read('?sort=name')).toEqual({});
    expect(read(`?q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('counts a search or a filter as filtering, the order alone not', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ sort: 'oldest' })).toBe(false);
    expect(isFiltered({ q: 'hen' })).toBe(true);
    expect(isFiltered({ group: 'none' })).toBe(true);
    expect(isFiltered({ withdrawal: 'active' })).toBe(true);
  });
});

describe("My Animals offline: the server's search on the device's copy of the herd", () => {
  const goats = '7f1e4c3a-2b1d-4e5f-8a9b-0c1d2e3f4a5b';
  const hens = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
  const species = [
    { id: goats, name: 'Goat' },
    { id: hens, name: 'Chicken' },
  ];
  const animal = (name: string, id: string, values: Partial<AnimalListItem> = {}): AnimalListItem => ({
    id,
    name,
    speciesName: 'Goat',
    sex: 'female',
    birthDate: null,
    weight: null,
    weightUnit: null,
    breed: null,
    tagId: null,
    thumbnailUrl: null,
    groupIds: [],
    withdrawal: null,
    ...values,
  });
  const herd = [
    animal('Hen 10', 'a0', { speciesName: 'Chicken', groupIds: [hens], birthDate: '2025-03-01' }),
    animal('Daisy', 'a1', { breed: 'Nubian', weight: 50, weightUnit: 'kg', birthDate: '2022-05-01' }),
    animal('Hen 2', 'a2', { speciesName: 'Chicken', groupIds: [hens], tagId: 'BAND-17', weight: 5 }),
    animal('Billy', 'a3', {
      sex: 'male',
      weight: 100,
      weightUnit: 'lbs',
      withdrawal: { meat: '2026-12-01', milk: null, eggs: null },
    }),
    animal('daisy', 'a4', { weight: 30, withdrawal: { meat: '2026-01-01', milk: null, eggs: null } }),
  ];
  const names = (filter: Parameters<typeof searchHerd>[1]) =>
    searchHerd(herd, filter, { today: '2026-11-26', species }).map((item) => item.name);

  it('orders by name naturally (then id) unless asked otherwise', () => {
    expect(names({})).toEqual(['Billy', 'Daisy', 'daisy', 'Hen 2', 'Hen 10']);
  });

  it('finds the text in the name, tag ID or breed, any case', () => {
    expect(names({ q: 'DAI' })).toEqual(['Daisy', 'daisy']);
    expect(names({ q: 'band-1' })).toEqual(['Hen 2']);
    expect(names({ q: 'nubi' })).toEqual(['Daisy']);
    expect(names({ q: '%' })).toEqual([]);
  });

  it('narrows by group (or none), species, sex and a withdrawal running today', () => {
    expect(names({ group: hens })).toEqual(['Hen 2', 'Hen 10']);
    expect(names({ group: 'none' })).toEqual(['Billy', 'Daisy', 'daisy']);
    expect(names({ species: hens })).toEqual(['Hen 2', 'Hen 10']);
    expect(names({ species: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
    expect(names({ sex: 'male' })).toEqual(['Billy']);
    expect(names({ withdrawal: 'active' })).toEqual(['Billy']);
    expect(names({ q: 'hen', group: hens, sex: 'male' })).toEqual([]);
  });

  it('orders by age or by weight in one unit, those without one last', () => {
    expect(names({ sort: 'youngest' })).toEqual(['Hen 10', 'Daisy', 'Billy', 'daisy', 'Hen 2']);
    expect(names({ sort: 'oldest' })).toEqual(['Daisy', 'Hen 10', 'Billy', 'daisy', 'Hen 2']);
    // 50 kg is heavier than 100 lbs (45.4 kg); no unit is lbs
    expect(names({ sort: 'heaviest' })).toEqual(['Daisy', 'Billy', 'daisy', 'Hen 2', 'Hen 10']);
    expect(names({ sort: 'lightest' })).toEqual(['Hen 2', 'daisy', 'Billy', 'Daisy', 'Hen 10']);
  });
});

describe("'herd as of {time}'", () => {
  const at = Date.parse('2026-11-26T14:05:00Z');
  it('is the time of day today, with the US date on another day', () => {
    expect(formatUsTime(at, at + 60_000, 'UTC')).toBe('2:05 PM');
    expect(formatUsTime(at, at + 86_400_000, 'UTC')).toBe('11/26/26 2:05 PM');
    expect(formatUsTime(at, at, 'America/Chicago')).toBe('8:05 AM');
  });
});
