// Helpers for describing routes in the OpenAPI document and for the id in a route's path.
import type { MiddlewareHandler } from 'hono';
import { resolver } from 'hono-openapi';
import { apiErrorSchema } from '../../shared/schemas/common';
import type { AppEnv } from './context';
import { NotFoundError } from './errors';

export const jsonContent = (schema: Parameters<typeof resolver>[0], description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

export const errorResponses = {
  401: jsonContent(apiErrorSchema, 'Not signed in'),
  404: jsonContent(apiErrorSchema, 'No such record on your farm'),
};
/** What a route with a JSON body may also answer: malformed JSON, too large, invalid fields. */
export const invalidResponse = {
  400: jsonContent(apiErrorSchema, 'The body is not valid JSON'),
  413: jsonContent(apiErrorSchema, 'The body is too large'),
  422: jsonContent(apiErrorSchema, 'Invalid fields, each named in error.fields'),
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value can name a record (an id the database can compare without an error). */
export const isUuid = (value: string) => uuid.test(value);

/** A malformed id names no record: 404, like a missing one (never a 500 from the database). */
export function idParams(...names: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const name of names) {
      if (!uuid.test(c.req.param(name) ?? '')) throw new NotFoundError();
    }
    await next();
  };
}
