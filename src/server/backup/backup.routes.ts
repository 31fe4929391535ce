// POST /internal/backup: the running server streams a backup to `npm run backup` on the same
// machine. The embedded database lives inside this process (its folder is locked), so a live
// backup has to come from here. Outside /api on purpose: no session, no CORS, not in OpenAPI.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import type { AppEnv } from '../http/context';
import { AppError, NotFoundError } from '../http/errors';
import type { Logger } from '../log/logger';
import type { PhotoStore } from '../photos/photo-store';
import { createBackup } from './backup';

/** The bearer token `npm run backup` sends: derived from AUTH_SECRET, never the secret itself. */
export function backupToken(authSecret: string): string {
  return createHmac('sha256', authSecret).update('paddock internal backup v1').digest('base64url');
}

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));
}

export function backupRoutes(deps: { db: Database; photos: PhotoStore; authSecret: string; logger: Logger }) {
  const expected = Buffer.from(`Bearer ${backupToken(deps.authSecret)}`);
  return new Hono<AppEnv>().post('/backup', async (c) => {
    let address: string | undefined;
    try {
      address = getConnInfo(c).remote.address;
    } catch {
      address = undefined; // no socket: not a local process
    }
    // A reverse proxy on this machine connects from loopback too; the headers it adds give it away.
    const proxied = c.req.header('x-forwarded-for') ?? c.req.header('forwarded') ?? c.req.header('x-real-ip');
    if (!isLoopback(address) || proxied !== undefined) throw new NotFoundError('Page');
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(
        403,
        'FORBIDDEN',
        'Wrong backup token: run npm run backup with the server’s AUTH_SECRET and DATA_DIR.',
      );
    const backup = await createBackup(deps);
    deps.logger.info('backup started', {
      tables: backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      photos: backup.manifest.photos.length,
      missingPhotos: backup.manifest.missingPhotos.length,
    });
    return new Response(Readable.toWeb(backup.archive()) as ReadableStream, {
      headers: {
        'content-type': 'application/gzip',
        'cache-control': 'no-store',
      },
    });
  });
}
