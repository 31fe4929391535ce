// /api/v1/animals/{id}/record (the farm's own 'Health Record') and its share link (revoked there,
// from the animal's page or an owner's Account → 'Shared Links', /api/v1/farm/share-links); and
// /api/public/records/{token} — the same record read-only for anyone holding a live link: no
// cookie read, no other route reachable, noindex, no referrer, rate limited per address.
import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import {
  healthRecordSchema,
  recordShareLinkSchema,
  recordShareSchema,
  sharedLinksSchema,
} from '../../../shared/schemas/records';
import type { Database } from '../../db/database';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { errorResponses, idParams, jsonContent } from '../../http/openapi';
import { clientAddress, overLimit, type Limit } from '../../http/rate-limit';
import type { ProfileService } from '../account/profile.service';
import type { AnimalsService } from '../animals/animals.service';
import type { CareService } from '../care/care.service';
import type { MilkService } from '../production/milk.service';
import type { RecordsRepo } from './records.repo';
import { createRecordsService } from './records.service';

type Deps = {
  repo: RecordsRepo;
  animals: AnimalsService;
  care: CareService;
  milk: MilkService;
  profiles: ProfileService;
};

export function recordsRoutes(deps: Deps & { origin: string }) {
  const records = createRecordsService(deps);
  return new Hono<AppEnv>()
    .get(
      '/animals/:id/record',
      describeRoute({
        tags: ['Health record'],
        summary:
          'An animal’s health record: identity, weighings, medicines with their records, notes, and a doe’s milk per lactation',
        responses: { 200: jsonContent(healthRecordSchema, 'The record'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await records.forFarm(c.get('farmId'), c.req.param('id')), 200),
    )
    .get(
      '/animals/:id/record/share',
      describeRoute({
        tags: ['Health record'],
        summary: 'Whether the record has a live share link, and since when',
        responses: { 200: jsonContent(recordShareSchema, 'The link’s state'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await records.shareState(c.get('farmId'), c.req.param('id')), 200),
    )
    .post(
      '/animals/:id/record/share',
      describeRoute({
        tags: ['Health record'],
        summary: 'Make a read-only link to the record (shown once; any earlier link stops working)',
        responses: { 201: jsonContent(recordShareLinkSchema, 'The link'), ...errorResponses },
      }),
      idParams('id'),
      async (c) =>
        c.json(await records.share(c.get('farmId'), c.req.param('id'), deps.origin, c.get('userId')), 201),
    )
    .get(
      '/farm/share-links',
      describeRoute({
        tags: ['Health record'],
        summary: 'Every live share link of the farm: the animal, who made it, since when (owners)',
        responses: { 200: jsonContent(sharedLinksSchema, 'The links'), ...errorResponses },
      }),
      async (c) => c.json(await records.list(c.get('farmId')), 200),
    )
    .delete(
      '/animals/:id/record/share',
      describeRoute({
        tags: ['Health record'],
        summary: 'Revoke the record’s share link',
        responses: { 204: { description: 'Revoked (or there was none)' }, ...errorResponses },
      }),
      idParams('id'),
      async (c) => {
        await records.revoke(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    );
}

/** Views of shared records per client address: a vet opening a record, never a crawl. */
export const sharedRecordLimit: Limit = { max: 120, windowMs: 15 * 60 * 1000 };

export function publicRecordRoutes(deps: Deps & { db: Database; trustProxy: number }) {
  const records = createRecordsService(deps);
  const { animals } = deps;
  const photoQuery = z.object({ v: z.optional(z.string()) });

  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      const address = clientAddress(c as Context, deps.trustProxy) ?? 'unknown';
      if (await overLimit(deps.db, `shared-record:${address}`, sharedRecordLimit)) {
        c.header('Retry-After', String(sharedRecordLimit.windowMs / 1000));
        throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a few minutes.');
      }
      await next();
      // a link is a secret: kept out of search engines, referrers and shared caches
      c.header('X-Robots-Tag', 'noindex, nofollow');
      c.header('Referrer-Policy', 'no-referrer');
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
    })
    .get('/records/:token', async (c) => c.json(await records.forLink(c.req.param('token')), 200))
    .get('/records/:token/photo', async (c) => {
      const { farmId, animalId } = await records.resolve(c.req.param('token'));
      const version = photoQuery.safeParse(c.req.query()).data?.v;
      const photo = await animals.photo(farmId, animalId, 'display', version);
      return c.body(new Uint8Array(photo.data), 200, {
        'Content-Type': 'image/webp',
        'Cache-Control': 'private, no-store',
      });
    });
}
