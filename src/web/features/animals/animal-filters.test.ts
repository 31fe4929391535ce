import { describe, expect, it } from 'vitest';
import { isFiltered, readFilters } from './animal-filters';

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
