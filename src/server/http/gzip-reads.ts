// The farm's reads gzipped for a client that accepts it (a phone in the barn: a season's lists are
// 20–70 KB of JSON, a tenth of that gzipped). Our own few lines rather than hono/compress: it
// pipes each answer through a CompressionStream, ~680 µs for a 20 KB list against ~75 µs for
// zlib's gzipSync of the same text, and halved a list's throughput (decision 0055).
import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Smaller answers are sent as they are: gzip's framing and the work would outweigh the bytes. */
export const gzipThreshold = 1024;

/** An answer's body as this sends it gzipped (remembered-reads.ts keeps it so). */
export const gzipAnswer = (body: Buffer<ArrayBuffer>) => gzipSync(body, { level: 4 });

/** Whether an Accept-Encoding header takes gzip: named, else by `*`, with a q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map(
    (header ?? '').split(',').map((part) => {
      const [coding = '', ...parameters] = part.trim().toLowerCase().split(';');
      const q = parameters.map((each) => each.trim()).find((each) => each.startsWith('q='));
      return [coding, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}

/**
 * For GETs of the API: a 200 JSON answer of 1 KB or more, held whole (not a download, which streams:
 * the JSON export), goes gzipped to a client that accepts it. Mount it only where no answer
 * carries a secret beside text a stranger could put there (BREACH): never Better Auth's routes.
 */
export function gzipReads(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET') return;
    const response = c.res;
    if (
      response.status !== 200 ||
      response.headers.has('Content-Encoding') ||
      response.headers.has('Content-Disposition') ||
      !response.headers.get('Content-Type')?.startsWith('application/json')
    )
      return;
    response.headers.append('Vary', 'Accept-Encoding');
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
    const length = response.headers.get('Content-Length');
    if (length !== null && Number(length) < gzipThreshold) return;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    // (Hono's c.res would copy the replaced answer's headers onto the new one, over its own)
    c.res = undefined;
    if (body.length < gzipThreshold) {
      c.res = new Response(body, { status: response.status, headers });
      return;
    }
    const zipped = gzipAnswer(body);
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(zipped.length));
    c.res = new Response(zipped, { status: response.status, headers });
  };
}
