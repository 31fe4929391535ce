// Request bodies larger than a route accepts are refused as soon as the size is known, in the API's
// one error shape (app.ts then closes the connection: the rest of the body is still on the socket).
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';

export function payloadTooLarge(c: Context, message: string) {
  return c.json(errorBody('PAYLOAD_TOO_LARGE', message), 413);
}

export const limitBody = (maxSize: number, message: string) =>
  bodyLimit({ maxSize, onError: (c) => payloadTooLarge(c, message) });
