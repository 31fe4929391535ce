// The OpenAPI document tells clients the truth about errors: every documented 4xx is the one error
// shape the server sends, and every route that takes a body documents its 400/413/422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

type Operation = {
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: { required?: string[] } }> }>;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    paths = ((await (await t.request('/api/v1/openapi.json')).json()) as { paths: typeof paths }).paths;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes every error response in the one shape { error: { code, message, fields? } }', () => {
    let checked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!status.startsWith('4')) continue;
          const schema = response.content?.['application/json']?.schema;
          expect(schema?.required, `${method} ${path} ${status}`).toEqual(['error']);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('documents 400, 413 and 422 on every route that takes a body, the photo upload included', () => {
    const withBody = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, operation]) => operation.requestBody || (method === 'put' && path.endsWith('/photo')),
        )
        .map(([method, operation]) => [`${method} ${path}`, Object.keys(operation.responses ?? {})] as const),
    );
    expect(withBody.map(([name]) => name)).toContain('put /animals/{id}/photo');
    for (const [name, statuses] of withBody)
      expect(statuses, name).toEqual(expect.arrayContaining(['400', '413', '422']));
  });
});
