// Natural order for animal names ('Hen 2' before 'Hen 10', 'Goat a' beside 'Goat B'): the same rule
// as the SQL function natural_sort_key (migration 0006), which the list orders by. Both lower-case
// the name and left-pad every run of digits to 20 places; keys compare by code point (the SQL side
// compares with COLLATE "C"). Names differing only in case or leading zeros tie (then: by id).

const padTo = 20;

/** The sort key of a name: lower case, each run of digits left-padded with zeros to 20 places. */
export function naturalSortKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/\d+/g, (digits) => (digits.length >= padTo ? digits : digits.padStart(padTo, '0')));
}

/** Compares two names in natural order (negative: `a` first); for Array.prototype.sort. */
export function compareNaturally(a: string, b: string): number {
  const left = naturalSortKey(a);
  const right = naturalSortKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
