// Request bodies larger than a route accepts are refused as soon as the size is known, in the API's
// one error shape (app.ts then closes the connection: the rest of the body is still on the socket).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';

export function payloadTooLarge(c: Context, message: string) {
  return c.json(errorBody('PAYLOAD_TOO_LARGE', message), 413);
}

/**
 * A body that says its length (Content-Length, not chunked) is judged by that header alone, as
 * `hono/body-limit` judges it, but without touching `c.req.raw.body`: on @hono/node-server that
 * builds a full Request with a web stream over the socket (~0.2 ms a request, and the body is then
 * read through the stream), where `c.req.json()` otherwise reads the socket directly. A chunked
 * body is counted as it arrives, by `hono/body-limit`.
 */
export const limitBody = (maxSize: number, message: string): MiddlewareHandler => {
  const counted = bodyLimit({ maxSize, onError: (c) => payloadTooLarge(c, message) });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return parseInt(length || '0', 10) > maxSize ? payloadTooLarge(c, message) : next();
    return counted(c, next);
  };
};
