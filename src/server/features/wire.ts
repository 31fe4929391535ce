// How rows go on the wire, for every feature: dates as ISO strings, and long lists in pages of
// `pageSize` read with ?offset=.
import * as z from 'zod/mini';
import { pageSize, type Page } from '../../shared/schemas/care';
import { apiErrorSchema } from '../../shared/schemas/common';
import { jsonContent } from '../http/openapi';

export const iso = <T extends { createdAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
export const isoBoth = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** One page from `size + 1` rows (read that many): the extra row only tells there is a next page. */
export function paged<T>(rows: T[], offset: number, size = pageSize): Page<T> {
  return { items: rows.slice(0, size), nextOffset: rows.length > size ? offset + size : null };
}

export const pageJson = <T, U>(page: Page<T>, toJson: (row: T) => U): Page<U> => ({
  items: page.items.map(toJson),
  nextOffset: page.nextOffset,
});

/** The OpenAPI description of a page of `schema`. */
export const pageOf = (schema: Parameters<typeof z.array>[0]) =>
  z.object({ items: z.array(schema), nextOffset: z.nullable(z.number()) });

/** ?offset=N for lists longer than a page: a whole number from 0 to 1,000,000. */
export const offsetParam = z.optional(
  z
    .string()
    .check(
      z.refine(
        (value) => /^\d{1,7}$/.test(value) && Number(value) <= 1_000_000,
        'Must be a whole number from 0 to 1000000',
      ),
    ),
);
export const offsetOf = (query: { offset?: string }) => Number(query.offset ?? 0);

/** What a route that validates its query may also answer. */
export const invalidQuery = {
  422: jsonContent(apiErrorSchema, 'Invalid query, each field named in error.fields'),
};
