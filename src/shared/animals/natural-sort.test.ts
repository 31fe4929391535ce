import { describe, expect, it } from 'vitest';
import { compareNaturally, naturalSortKey } from './natural-sort';

describe('natural sort', () => {
  it('puts numbers in order of their value, not their first digit', () => {
    expect(['Hen 10', 'Hen 2', 'Hen 1', 'Hen 22', 'Hen 3'].sort(compareNaturally)).toEqual([
      'Hen 1',
      'Hen 2',
      'Hen 3',
      'Hen 10',
      'Hen 22',
    ]);
  });

  it('ignores case, so Goat a and Goat B sit in alphabetical order', () => {
    expect(['Goat B', 'hen 3', 'Goat a', 'Hen 10', 'Hen 2'].sort(compareNaturally)).toEqual([
      'Goat a',
      'Goat B',
      'Hen 2',
      'hen 3',
      'Hen 10',
    ]);
    expect(compareNaturally('Daisy', 'daisy')).toBe(0);
  });

  it('orders every run of digits, wherever it sits in the name', () => {
    expect(['A10b2', 'A2b10', 'A2b2', '7 Kids', '10 Kids', 'Kid'].sort(compareNaturally)).toEqual([
      '7 Kids',
      '10 Kids',
      'A2b2',
      'A2b10',
      'A10b2',
      'Kid',
    ]);
  });

  it('pads digit runs to 20 places and leaves longer runs alone', () => {
    expect(naturalSortKey('Hen 7')).toBe(`hen ${'7'.padStart(20, '0')}`);
    expect(naturalSortKey('Tag 007')).toBe(naturalSortKey('tag 7'));
    const long = '123456789012345678901234';
    expect(naturalSortKey(`Chip ${long}`)).toBe(`chip ${long}`);
    expect(naturalSortKey('')).toBe('');
    expect(naturalSortKey('Bo')).toBe('bo');
  });

  it('sorts an empty name and punctuation by code point', () => {
    expect(['b', '', 'a-1', 'a 1'].sort(compareNaturally)).toEqual(['', 'a 1', 'a-1', 'b']);
  });
});
