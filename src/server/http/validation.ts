// Input validation for every route: the shared schemas, and one shape for every failure —
// 422 with the issues grouped by field.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator as openApiValidator } from 'hono-openapi';
import { findUnsafeText, unsafeTextMessage } from '../../shared/schemas/common';
import { errorBody } from './errors';

export function fieldIssues(issues: readonly StandardSchemaV1.Issue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((part) => (typeof part === 'object' ? part.key : part));
    const key = path.length ? path.join('.') : '_';
    const unknownKeys = (issue as { code?: string; keys?: string[] }).keys;
    const message = unknownKeys ? `Unknown field(s): ${unknownKeys.join(', ')}` : issue.message;
    (fields[key] ??= []).push(message);
  }
  return fields;
}

export const invalid = (fields: Record<string, string[]>) =>
  errorBody('VALIDATION_FAILED', 'Some fields are not valid.', fields);

/** Validates one part of the request against a shared schema; documents it in the OpenAPI too. */
export function validate<Target extends keyof ValidationTargets, Schema extends StandardSchemaV1>(
  target: Target,
  schema: Schema,
) {
  return openApiValidator(target, schema, (result, c) => {
    // The shared text rule, on the raw input of every route: no schema can forget it.
    const unsafe = findUnsafeText(result.data);
    if (unsafe) return c.json(invalid({ [unsafe]: [unsafeTextMessage] }), 422);
    if (!result.success) {
      return c.json(invalid(fieldIssues(result.error)), 422);
    }
  });
}
