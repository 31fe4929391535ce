// A list the database wrote as JSON text (json_agg), sent as it is: no row parsing, no mapping, no
// JSON.stringify in Node (issue 10). Typed as T for the browser's client like c.json's answer;
// the query that writes the text must produce exactly T (the API tests read it back).
import type { Context, TypedResponse } from 'hono';

export function jsonText<T>(c: Context, text: string): Response & TypedResponse<T, 200, 'json'> {
  // its length told, so that a page of a few rows is not gzipped for nothing (app.ts: from 1 KB)
  return c.body(text, 200, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  }) as unknown as Response & TypedResponse<T, 200, 'json'>;
}
