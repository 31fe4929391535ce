// Who may call each /api/v1 route, by their role on the farm in use: one table beside the router,
// enforced by one middleware (below), so no handler checks a role and no new route can forget to.
// createApp refuses to start if a registered route has no row. Decision 0032.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './context';
import { roleAtLeast, type FarmRole } from '../../shared/members/roles';
import { AppError } from './errors';

/** The least role a request needs: fixed, or read from its body (Hono keeps the parsed body for the handler). */
type Need = FarmRole | ((c: Context<AppEnv>) => Promise<FarmRole>);

/** The JSON body's top-level fields, or null when it is not a JSON object. */
async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A farm sitter adds notes, weights and the doses they give (a medication or vaccination is a
 * medical entry: 'Record Dose' after 'Done' on its reminder, so the withdrawal is recorded); an
 * entry's next-due reminder needs a member (a sitter makes no reminders). Not JSON: the strictest
 * answer. Decision 0032.
 */
const sitterEntryTypes: unknown[] = ['note', 'weight', 'medical'];
const careEntryNeed = async (c: Context<AppEnv>): Promise<FarmRole> => {
  const body = await bodyOf(c);
  if (body?.type === 'note') return 'sitter';
  return sitterEntryTypes.includes(body?.type) && body?.nextDueDate == null ? 'sitter' : 'member';
};

/** Who changes what belongs to the farm (its name, zone, unit, gestation lengths): 'Farm Settings'. */
export const farmSettingsRole: FarmRole = 'owner';

/** Who sees the farm's money (its Money page, a sale's price on an animal): decision 0044. */
export const moneyRole: FarmRole = 'member';

/** Whether the caller may see money: for a route that answers it only in passing (an animal's sale price). */
export const maySeeMoney = (c: Context<AppEnv>) => roleAtLeast(c.get('role'), moneyRole);

/** Whether the caller may change the farm's settings: for a route that changes them only in passing. */
export const mayChangeFarmSettings = (c: Context<AppEnv>) => roleAtLeast(c.get('role'), farmSettingsRole);

/** Keyed by "METHOD path" as Hono registers the route (the same keys as route-expectations.ts). */
export const permissions: Record<string, Need> = {
  // the person themselves
  'GET /api/v1/profile': 'sitter',
  'PATCH /api/v1/profile': 'sitter', // their own name and contact, whatever their role
  // what belongs to the farm: its name, zone and unit ('Farm Settings')
  'PATCH /api/v1/farm/settings': farmSettingsRole,
  'DELETE /api/v1/account': 'sitter', // one's own account; a farm with another owner stays
  'GET /api/v1/daily-email': 'sitter',
  'PUT /api/v1/daily-email': 'sitter',
  // each person's own devices and morning time (a device of someone else's is a 404)
  'GET /api/v1/notifications': 'sitter',
  'PATCH /api/v1/notifications': 'sitter',
  'POST /api/v1/notifications/devices': 'sitter',
  'DELETE /api/v1/notifications/devices/:id': 'sitter',
  'GET /api/v1/farms': 'sitter',
  'PUT /api/v1/farms/current': 'sitter',
  'POST /api/v1/invitations/accept': 'sitter',

  // the farm's people: everyone sees them, owners manage them
  'GET /api/v1/farm/members': 'sitter',
  'POST /api/v1/farm/leave': 'sitter',
  'POST /api/v1/farm/invitations': 'owner',
  'POST /api/v1/farm/invitations/:id/resend': 'owner',
  'DELETE /api/v1/farm/invitations/:id': 'owner',
  'PATCH /api/v1/farm/members/:userId': 'owner',
  'DELETE /api/v1/farm/members/:userId': 'owner',

  // the whole farm at once
  'GET /api/v1/export/csv': 'owner',
  'GET /api/v1/export/json': 'owner',
  'POST /api/v1/import': 'owner',
  'GET /api/v1/calendar-feed': 'sitter', // each person's own address of the reminders they see
  'POST /api/v1/calendar-feed': 'sitter', // each person's own address of the reminders they see
  'DELETE /api/v1/calendar-feed': 'sitter', // each person's own address of the reminders they see

  'GET /api/v1/groups': 'sitter',
  'GET /api/v1/groups/:id': 'sitter',
  'GET /api/v1/groups/:id/animals': 'sitter',
  'GET /api/v1/groups/:id/care-log': 'sitter',
  'GET /api/v1/groups/:id/weights': 'sitter',
  'POST /api/v1/groups': 'member',
  'PATCH /api/v1/groups/:id': 'member',
  'DELETE /api/v1/groups/:id': 'member',
  'PUT /api/v1/groups/:id/animals/:animalId': 'member',
  'DELETE /api/v1/groups/:id/animals/:animalId': 'member',

  'GET /api/v1/species': 'sitter',
  'POST /api/v1/species': 'member',

  'GET /api/v1/animals': 'sitter',
  'GET /api/v1/animals/by-tag': 'sitter',
  'GET /api/v1/animals/:id': 'sitter',
  'GET /api/v1/animals/:id/photo': 'sitter',
  'GET /api/v1/animals/:id/family': 'sitter',
  'GET /api/v1/animals/:id/weights': 'sitter',
  'GET /api/v1/animals/:id/care-entries': 'sitter',
  'GET /api/v1/animals/:id/breedings': 'sitter',
  'GET /api/v1/animals/:id/record': 'sitter',
  'POST /api/v1/animals': 'member',
  'GET /api/v1/animals/import/known': 'member',
  'POST /api/v1/animals/import': 'member',
  'PATCH /api/v1/animals/:id': 'member',
  'DELETE /api/v1/animals/:id': 'member',
  // an animal leaving the herd (or coming back) is the members' to record, like its deletion
  'POST /api/v1/animals/:id/exit': 'member',
  'POST /api/v1/animals/:id/return': 'member',
  'PUT /api/v1/animals/:id/photo': 'member',
  'DELETE /api/v1/animals/:id/photo': 'member',
  'POST /api/v1/animals/:id/breedings': 'member',
  'POST /api/v1/animals/:id/births': 'member',
  'DELETE /api/v1/breedings/:id': 'member',
  // a share link reaches outside the farm: members make and end them
  'GET /api/v1/animals/:id/record/share': 'member',
  'POST /api/v1/animals/:id/record/share': 'member',
  'DELETE /api/v1/animals/:id/record/share': 'member',
  // every link of the farm, whoever made it: owners see them all (and revoke any, above)
  'GET /api/v1/farm/share-links': 'owner',

  'GET /api/v1/care/medications': 'sitter',
  'GET /api/v1/care-entries/:id': 'sitter',
  'GET /api/v1/care-entries/:id/batch': 'sitter',
  'POST /api/v1/care-entries': careEntryNeed,
  'PATCH /api/v1/care-entries/:id': 'member',
  'DELETE /api/v1/care-entries/:id': 'member',

  // a farm sitter does the rounds: they record eggs, and change or delete the collections they
  // recorded themselves (production.service.ts refuses another person's with a 403)
  'GET /api/v1/egg-collections': 'sitter',
  'POST /api/v1/egg-collections': 'sitter',
  'PATCH /api/v1/egg-collections/:id': 'sitter',
  'DELETE /api/v1/egg-collections/:id': 'sitter',
  'GET /api/v1/groups/:id/egg-withdrawal': 'sitter',
  'GET /api/v1/production/eggs': 'sitter',
  // milk likewise: a farm sitter milks, and changes or deletes only the records they made
  // (milk.service.ts refuses another person's with a 403)
  'GET /api/v1/milk-records': 'sitter',
  'POST /api/v1/milk-records': 'sitter',
  'PATCH /api/v1/milk-records/:id': 'sitter',
  'DELETE /api/v1/milk-records/:id': 'sitter',
  'GET /api/v1/groups/:id/milk-withdrawal': 'sitter',
  'GET /api/v1/animals/:id/milk-withdrawal': 'sitter',
  'GET /api/v1/production/milk': 'sitter',

  // the medicine cabinet is the farm's: everyone sees it, Owners and Members manage it and its
  // stock (a farm sitter's doses will be taken from stock through their care entries)
  'GET /api/v1/medicines': 'sitter',
  'GET /api/v1/medicines/:id': 'sitter',
  'GET /api/v1/medicine-lots/:id/movements': 'sitter',
  'POST /api/v1/medicines': 'member',
  'PATCH /api/v1/medicines/:id': 'member',
  'DELETE /api/v1/medicines/:id': 'member',
  'POST /api/v1/medicines/:id/archive': 'member',
  'POST /api/v1/medicines/:id/unarchive': 'member',
  'POST /api/v1/medicines/:id/lots': 'member',
  'PATCH /api/v1/medicine-lots/:id': 'member',
  'POST /api/v1/medicine-lots/:id/movements': 'member',
  // the cabinet's warnings: everyone sees them, Owners and Members dismiss them
  'GET /api/v1/medicine-warnings': 'sitter',
  'POST /api/v1/medicine-lots/:id/dismiss-expiry': 'member',
  'POST /api/v1/medicines/:id/dismiss-low-stock': 'member',
  // the farm's money (issue 28): Owners and Members only; a Farm Sitter sees none of it
  'GET /api/v1/money': 'member',
  'POST /api/v1/money': 'member',
  'GET /api/v1/money/summary': 'member',
  'GET /api/v1/money/:id': 'member',
  'PATCH /api/v1/money/:id': 'member',
  'DELETE /api/v1/money/:id': 'member',
  'GET /api/v1/groups/:id/feed': 'member',

  'GET /api/v1/reminders': 'sitter',
  'GET /api/v1/reminders/:id': 'sitter',
  'POST /api/v1/reminders/:id/complete': 'sitter',
  'POST /api/v1/reminders/:id/undo': 'sitter', // 'Undo' after one's own Done
  'POST /api/v1/reminders': 'member',
  'PATCH /api/v1/reminders/:id': 'member',
  'POST /api/v1/reminders/:id/snooze': 'member',
  'DELETE /api/v1/reminders/:id': 'member',
};

export class ForbiddenError extends AppError {
  constructor(message = 'Your role on this farm does not allow this.') {
    super(403, 'FORBIDDEN', message);
  }
}

/** The routes under /api/v1 that need a session but have no row: createApp refuses to start with any. */
export function routesWithoutPermission(routes: { method: string; path: string }[]): string[] {
  return [
    ...new Set(
      routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/v1/'))
        .map((route) => `${route.method} ${route.path}`),
    ),
  ].filter((key) => !(key in permissions));
}

/**
 * After requireFarm: the matched route's row against the caller's role. A request that matches no
 * route goes on (to the API's 404); a route without a row is refused (createApp also checks).
 */
export function enforcePermissions(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const handlers = matchedRoutes(c).filter(
      (route) => route.method === method && route.path.startsWith('/api/v1/'),
    );
    if (handlers.length) {
      const need = permissions[`${method} ${handlers[0]!.path}`];
      if (!need) throw new ForbiddenError();
      const least = typeof need === 'function' ? await need(c) : need;
      if (!roleAtLeast(c.get('role'), least)) throw new ForbiddenError();
    }
    await next();
  };
}
