// One shape for every validation failure: 422 with the issues grouped by field.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppEnv } from './context';
import { errorBody } from './errors';

export function fieldIssues(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    (fields[key] ??= []).push(message);
  }
  return fields;
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(
          errorBody('VALIDATION_FAILED', 'Some fields are not valid.', fieldIssues(result.error)),
          422,
        );
      }
    },
  });
}
