// Who may call each route, one row per route: read by authorization-matrix.test.ts, which fails on
// any registered route (Hono's or Better Auth's) without a row here. A new route needs a new row.
import { createECDH, randomBytes } from 'node:crypto';

/** A Web Push subscription of a device of no one's (a real P-256 key, a public push service's address). */
export function pushSubscriptionBody(label = 'Matrix phone') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    label,
  };
}

/** Numbers the matrix's imported animals apart. */
let importedGoats = 0;

/** Real records of the owner's farm, created before each route is tried (see the matrix test). */
export type OwnerRecords = {
  /** the owner's farm itself */
  farm: string;
  group: string;
  animal: string;
  careEntry: string;
  reminder: string;
  species: string;
  breeding: string;
  eggCollection: string;
  /** the female animal's milk, recorded by the owner */
  milkRecord: string;
  /** a medicine of the cabinet with one lot (`medicineLot`) of stock */
  medicine: string;
  medicineLot: string;
  /** an expense of the farm's money, for the group */
  moneyEntry: string;
  /** made only for a row that names it: an invitation still out, and a member of the owner's farm (a throwaway one) */
  invitation: string;
  member: string;
  /** made only for a row that names it: a device the owner turned notifications on for */
  device: string;
};

/** Owner ⊃ Member ⊃ Farm Sitter (src/server/http/permissions.ts enforces it; this says what we expect). */
export type Role = 'owner' | 'member' | 'sitter';

export type RecordKind = keyof OwnerRecords;

/** A route of the app itself (not Better Auth's), as Hono registered it. */
export type AppRouteRow =
  | {
      kind: 'api';
      /** which of the owner's records fills each path parameter */
      params?: Record<string, RecordKind>;
      query?: (records: OwnerRecords) => string;
      /** a valid body for the owner; 'photo' sends a small JPEG as multipart */
      body?: ((records: OwnerRecords, ownerEmail: string) => unknown) | 'photo';
      /** deletes the owner's account: tried after every other route */
      deletesOwner?: boolean;
      /** the least role on the owner's farm that may call it: each role above gets `owner`'s status, each below 403 */
      least: Role;
      /** ends the caller's membership (leaving): a member or sitter calls it as a throwaway one */
      leaves?: boolean;
      /** a role's status where it differs from the owner's (the same body means something else to them) */
      roleStatus?: Partial<Record<Role, number>>;
      /** the owner's status with that body */
      owner: number;
      /**
       * Another farm sending the same request: 404 when the path names one of the owner's records;
       * otherwise what it gets on its own farm (422 when the body points at the owner's records).
       * A removed member and a farm sitter whose last day has passed are back on their own farm:
       * they get the same.
       */
      otherFarm: number;
    }
  /** Open to everyone, signed in or not (same status for every identity). */
  | { kind: 'public'; status: number }
  /** Needs a bearer token, never a session: every identity's cookie gets `status` from loopback. */
  | { kind: 'token'; status: number; why: string }
  /** A page of the web app (only with a build): `probe` answers `status`, or `signedInStatus` signed in. */
  | { kind: 'page'; probe: string; status: number; signedInStatus?: number }
  /** Runs for other routes and answers nothing itself; `why` says what it guards. */
  | { kind: 'middleware'; why: string }
  /** The catch-all answer for an unknown path under it. */
  | { kind: 'fallback'; probe: string; status: number; why: string }
  /** Better Auth's handler: its own endpoints are listed from the auth instance (authRoutes below). */
  | { kind: 'auth-handler' };

/** a date ahead, within the ten years a reminder may be due in */
const later = `${new Date().getUTCFullYear() + 1}-06-01`;

/** Keyed by "METHOD path" exactly as in `app.routes`. */
export const appRoutes: Record<string, AppRouteRow> = {
  'ALL /*': { kind: 'middleware', why: 'security headers on every non-API response' },
  // compression and the built files; a file that is not there is a 404, never the app's page
  'ALL /assets/*': { kind: 'page', probe: '/assets/no-such-file.js', status: 404 },
  'GET /assets/*': { kind: 'page', probe: '/assets/no-such-file.css', status: 404 },
  // the landing page, or the app for someone signed in
  'GET /': { kind: 'page', probe: '/', status: 200, signedInStatus: 302 },
  'GET /:file{[^/]+\\.(svg|png|ico|webmanifest|txt)}': { kind: 'page', probe: '/favicon.svg', status: 200 },
  // the service worker (offline shell), fetched fresh on every check for a new version
  'GET /sw.js': { kind: 'page', probe: '/sw.js', status: 200 },
  // the app's shell: its pages ask the API, which checks the session, for every record
  'GET /*': { kind: 'page', probe: '/animals', status: 200 },
  'ALL /api/*': {
    kind: 'fallback',
    probe: '/api/no-such-route',
    status: 404,
    why: 'API security headers and no-store; unknown API paths answer 404',
  },
  'POST /api/*': { kind: 'middleware', why: 'JSON body size limit' },
  'PUT /api/*': { kind: 'middleware', why: 'JSON body size limit' },
  'PATCH /api/*': { kind: 'middleware', why: 'JSON body size limit' },
  'DELETE /api/*': { kind: 'middleware', why: 'JSON body size limit' },
  'ALL /api/auth/*': { kind: 'middleware', why: 'same-origin check on auth requests' },
  'GET /api/auth/*': { kind: 'auth-handler' },
  'POST /api/auth/*': { kind: 'auth-handler' },
  'ALL /api/v1/*': { kind: 'middleware', why: 'same-origin check, then the session → farm guard' },
  // a shared health record, by its link's token only (records.test.ts tries real links)
  'ALL /api/public/*': { kind: 'middleware', why: 'rate limit and noindex/no-referrer on shared records' },
  'GET /api/public/records/:token': { kind: 'public', status: 404 },
  // an invitation link's page and its sign-up (members.test.ts tries real links)
  'GET /api/public/invitations/:token': { kind: 'public', status: 404 },
  'POST /api/public/invitations/:token/sign-up': { kind: 'public', status: 422 },
  // 'View Demo': a visitor's own demo farm (demo.test.ts tries it in full)
  'POST /api/demo': { kind: 'public', status: 303 },
  // a daily email's unsubscribe link (daily-email.test.ts tries real links)
  'POST /api/public/unsubscribe/:token': { kind: 'public', status: 404 },
  'GET /api/public/records/:token/photo': { kind: 'public', status: 404 },
  'GET /api/v1/openapi.json': { kind: 'public', status: 200 },
  'POST /internal/backup': {
    kind: 'token',
    status: 403,
    why: 'npm run backup on the same machine, with a token derived from AUTH_SECRET',
  },

  'GET /api/v1/profile': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  // confirmed by typing the account's email: another farm typing the owner's gets 422, not a deletion
  'DELETE /api/v1/account': {
    kind: 'api',
    least: 'sitter',
    body: (_records, ownerEmail) => ({ email: ownerEmail }),
    roleStatus: { member: 422, sitter: 422 }, // the owner's email is not theirs
    owner: 204,
    otherFarm: 422,
    deletesOwner: true,
  },
  // anyone changes their own name and contact; the farm's settings are the owner's (profile.test.ts)
  'PATCH /api/v1/profile': {
    kind: 'api',
    least: 'sitter',
    body: () => ({ ownerName: 'Matrix person' }),
    owner: 200,
    otherFarm: 200,
  },
  'PATCH /api/v1/farm/settings': {
    kind: 'api',
    least: 'owner',
    body: () => ({ farmName: 'Matrix farm' }),
    owner: 200,
    otherFarm: 200,
  },

  'GET /api/v1/groups': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'POST /api/v1/groups': {
    kind: 'api',
    least: 'member',
    body: () => ({ name: 'Matrix group' }),
    owner: 201,
    otherFarm: 201,
  },
  'GET /api/v1/groups/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'group' },
    owner: 200,
    otherFarm: 404,
  },
  'PATCH /api/v1/groups/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'group' },
    body: () => ({ name: 'Renamed' }),
    owner: 200,
    otherFarm: 404,
  },
  'DELETE /api/v1/groups/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'group' },
    owner: 204,
    otherFarm: 404,
  },
  'PUT /api/v1/groups/:id/animals/:animalId': {
    kind: 'api',
    least: 'member',
    params: { id: 'group', animalId: 'animal' },
    owner: 204,
    otherFarm: 404,
  },
  'DELETE /api/v1/groups/:id/animals/:animalId': {
    kind: 'api',
    least: 'member',
    params: { id: 'group', animalId: 'animal' },
    owner: 204,
    otherFarm: 404,
  },
  'GET /api/v1/groups/:id/animals': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'group' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/groups/:id/care-log': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'group' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/groups/:id/weights': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'group' },
    owner: 200,
    otherFarm: 404,
  },

  'GET /api/v1/species': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'POST /api/v1/species': {
    kind: 'api',
    least: 'member',
    body: () => ({ name: `Matrix species ${Math.random().toString(36).slice(2, 8)}` }), // a new one for each role
    owner: 201,
    otherFarm: 201,
  },

  'GET /api/v1/animals': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'POST /api/v1/animals': {
    kind: 'api',
    least: 'member',
    body: (records) => ({ name: 'Matrix animal', groupIds: [records.group] }),
    owner: 201,
    otherFarm: 422,
  },
  // the owner's animal carries the tag 'Matrix-1' (authorization-matrix.test.ts): found as 'matrix 1'
  'GET /api/v1/animals/by-tag': {
    kind: 'api',
    least: 'sitter',
    query: () => 'code=matrix%201',
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id/breedings': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/animals/import/known': { kind: 'api', least: 'member', owner: 200, otherFarm: 200 },
  'POST /api/v1/animals/import': {
    kind: 'api',
    least: 'member',
    // a new animal each time: one the herd already has is refused (409)
    body: () => ({ rows: [{ name: `Imported goat ${++importedGoats}`, groups: ['Imported pen'] }] }),
    owner: 200,
    otherFarm: 200,
  },
  'POST /api/v1/animals/:id/breedings': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    body: () => ({ bredOn: '2026-01-10', gestationDays: 150 }),
    owner: 201,
    otherFarm: 404,
  },
  'POST /api/v1/animals/:id/births': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    body: (records) => ({ bornOn: '2026-06-10', breedingId: records.breeding, offspring: [{ name: 'Kid' }] }),
    owner: 201,
    otherFarm: 404,
  },
  'DELETE /api/v1/breedings/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'breeding' },
    owner: 204,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id/record': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id/record/share': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },
  'POST /api/v1/animals/:id/record/share': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    owner: 201,
    otherFarm: 404,
  },
  'DELETE /api/v1/animals/:id/record/share': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    owner: 204,
    otherFarm: 404,
  },
  // the farm's links, by animal and maker (shared-links.test.ts tries real links, removals and revoking)
  'GET /api/v1/farm/share-links': { kind: 'api', least: 'owner', owner: 200, otherFarm: 200 },
  // the caller's own feed address on the farm in use (calendar.test.ts tries two members' feeds,
  // removal and a past sitter's)
  'GET /api/v1/calendar-feed': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'POST /api/v1/calendar-feed': { kind: 'api', least: 'sitter', owner: 201, otherFarm: 201 },
  'DELETE /api/v1/calendar-feed': { kind: 'api', least: 'sitter', owner: 204, otherFarm: 204 },
  'GET /api/v1/daily-email': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  // each person's own devices and morning time (notifications.test.ts tries two people's devices)
  'GET /api/v1/notifications': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'PATCH /api/v1/notifications': {
    kind: 'api',
    least: 'sitter',
    body: () => ({ notifyAt: '06:30' }),
    owner: 200,
    otherFarm: 200,
  },
  'POST /api/v1/notifications/devices': {
    kind: 'api',
    least: 'sitter',
    body: () => pushSubscriptionBody(),
    owner: 201,
    otherFarm: 201,
  },
  // the owner's device: no one else's to turn off, whatever their role
  'DELETE /api/v1/notifications/devices/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'device' },
    roleStatus: { member: 404, sitter: 404 },
    owner: 204,
    otherFarm: 404,
  },
  'PUT /api/v1/daily-email': {
    kind: 'api',
    least: 'sitter',
    body: () => ({ enabled: true }),
    owner: 200,
    otherFarm: 200,
  },
  // an export document goes only into an empty farm: the owner's has records
  'POST /api/v1/import': {
    kind: 'api',
    least: 'owner',
    body: () => ({
      format: 'paddock-export',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      farm: { name: 'Matrix import', timeZone: 'UTC', weightUnit: 'lbs' },
      builtInSpecies: [],
      tables: {},
    }),
    owner: 409,
    otherFarm: 409,
  },
  'GET /api/v1/export/csv': { kind: 'api', least: 'owner', owner: 200, otherFarm: 200 },
  'GET /api/v1/export/json': { kind: 'api', least: 'owner', owner: 200, otherFarm: 200 },
  // a calendar app's feed, by its address's token only (calendar.test.ts tries real addresses)
  'GET /api/v1/calendar/:file': { kind: 'public', status: 404 },
  'GET /api/v1/animals/:id/family': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id/weights': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },
  'PATCH /api/v1/animals/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    body: () => ({ name: 'Renamed' }),
    owner: 200,
    otherFarm: 404,
  },
  'DELETE /api/v1/animals/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    owner: 204,
    otherFarm: 404,
  },
  'POST /api/v1/animals/:id/exit': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    body: () => ({ kind: 'sold', date: '2026-06-01', note: 'To the Millers', price: 250 }),
    owner: 200,
    otherFarm: 404,
  },
  // the owner's animal is in the herd: nothing to undo
  'POST /api/v1/animals/:id/return': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    owner: 409,
    otherFarm: 404,
  },
  'PUT /api/v1/animals/:id/photo': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    body: 'photo',
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id/photo': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },
  'DELETE /api/v1/animals/:id/photo': {
    kind: 'api',
    least: 'member',
    params: { id: 'animal' },
    owner: 204,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id/care-entries': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    owner: 200,
    otherFarm: 404,
  },

  'POST /api/v1/care-entries': {
    kind: 'api',
    least: 'sitter',
    body: (records) => ({
      type: 'note',
      animalIds: [records.animal],
      groupId: records.group,
      dateRecorded: '2026-01-15',
      title: 'Matrix note',
      noteContent: 'Checked',
    }),
    owner: 201,
    otherFarm: 422,
  },
  // aimed at the owner's farm's names: another farm gets its own (empty) list
  'GET /api/v1/care/medications': {
    kind: 'api',
    least: 'sitter',
    query: () => 'q=Matrix',
    owner: 200,
    otherFarm: 200,
  },
  'GET /api/v1/care-entries/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'careEntry' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/care-entries/:id/batch': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'careEntry' },
    owner: 200,
    otherFarm: 404,
  },
  'PATCH /api/v1/care-entries/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'careEntry' },
    body: () => ({ title: 'Changed' }),
    owner: 200,
    otherFarm: 404,
  },
  'DELETE /api/v1/care-entries/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'careEntry' },
    owner: 204,
    otherFarm: 404,
  },

  // eggs: a farm sitter records them and changes only their own (the owner's here: 403)
  'POST /api/v1/egg-collections': {
    kind: 'api',
    least: 'sitter',
    body: (records) => ({ groupId: records.group, collectedOn: '2026-01-15', eggs: 12, cracked: 1 }),
    owner: 201,
    otherFarm: 422,
  },
  // aimed at the owner's group: another farm gets its own (empty) list
  'GET /api/v1/egg-collections': {
    kind: 'api',
    least: 'sitter',
    query: (records) => `groupId=${records.group}`,
    owner: 200,
    otherFarm: 200,
  },
  'PATCH /api/v1/egg-collections/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'eggCollection' },
    body: () => ({ eggs: 11 }),
    owner: 200,
    roleStatus: { sitter: 403 },
    otherFarm: 404,
  },
  'DELETE /api/v1/egg-collections/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'eggCollection' },
    owner: 204,
    roleStatus: { sitter: 403 },
    otherFarm: 404,
  },
  'GET /api/v1/groups/:id/egg-withdrawal': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'group' },
    query: () => 'date=2026-01-15',
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/production/eggs': {
    kind: 'api',
    least: 'sitter',
    query: (records) => `groupId=${records.group}`,
    owner: 200,
    otherFarm: 404,
  },

  // milk: a farm sitter records it and changes only their own (the owner's here: 403)
  'POST /api/v1/milk-records': {
    kind: 'api',
    least: 'sitter',
    body: (records) => ({
      milkedOn: '2026-01-15',
      milking: 'evening',
      groupId: records.group,
      records: [{ animalId: records.animal, amount: 3.5 }],
    }),
    owner: 201,
    otherFarm: 422,
  },
  // aimed at the owner's doe: another farm gets its own (empty) list
  'GET /api/v1/milk-records': {
    kind: 'api',
    least: 'sitter',
    query: (records) => `animalId=${records.animal}`,
    owner: 200,
    otherFarm: 200,
  },
  'PATCH /api/v1/milk-records/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'milkRecord' },
    body: () => ({ amount: 2.25 }),
    owner: 200,
    roleStatus: { sitter: 403 },
    otherFarm: 404,
  },
  'DELETE /api/v1/milk-records/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'milkRecord' },
    owner: 204,
    roleStatus: { sitter: 403 },
    otherFarm: 404,
  },
  'GET /api/v1/groups/:id/milk-withdrawal': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'group' },
    query: () => 'date=2026-01-15',
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/animals/:id/milk-withdrawal': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'animal' },
    query: () => 'date=2026-01-15',
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/production/milk': {
    kind: 'api',
    least: 'sitter',
    query: (records) => `animalId=${records.animal}`,
    owner: 200,
    otherFarm: 404,
  },

  // the medicine cabinet: everyone on the farm reads it, Owners and Members manage it and its stock
  'GET /api/v1/medicines': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'POST /api/v1/medicines': {
    kind: 'api',
    least: 'member',
    // a name of its own for each try: one name per cabinet
    body: (records) => ({
      name: `Wormer ${records.medicine.slice(0, 8)}`,
      unit: 'mL',
      dose: { kind: 'by-weight', amount: 1, perWeight: 10 },
    }),
    owner: 201,
    otherFarm: 201,
  },
  'GET /api/v1/medicines/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'medicine' },
    owner: 200,
    otherFarm: 404,
  },
  'PATCH /api/v1/medicines/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicine' },
    body: () => ({ notes: 'Keep in the fridge', meatWithdrawalDays: 7 }),
    owner: 200,
    otherFarm: 404,
  },
  // it has a lot: archived, never deleted (medicines.test.ts deletes one that never had stock)
  'DELETE /api/v1/medicines/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicine' },
    owner: 409,
    otherFarm: 404,
  },
  'POST /api/v1/medicines/:id/archive': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicine' },
    owner: 200,
    otherFarm: 404,
  },
  'POST /api/v1/medicines/:id/unarchive': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicine' },
    owner: 200,
    otherFarm: 404,
  },
  'POST /api/v1/medicines/:id/lots': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicine' },
    body: () => ({ quantity: 50, lotNumber: 'B-77', expiresOn: '2027-06-30', price: 19.99 }),
    owner: 201,
    otherFarm: 404,
  },
  'PATCH /api/v1/medicine-lots/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicineLot' },
    body: () => ({ supplier: 'Vet Supplies Ltd' }),
    owner: 200,
    otherFarm: 404,
  },
  'POST /api/v1/medicine-lots/:id/movements': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicineLot' },
    body: () => ({ kind: 'disposed', quantity: 10, note: 'Dropped the bottle' }),
    owner: 201,
    otherFarm: 404,
  },
  'GET /api/v1/medicine-lots/:id/movements': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'medicineLot' },
    owner: 200,
    otherFarm: 404,
  },
  // the cabinet's warnings (warnings.test.ts tries them in full): everyone reads, Owners and Members dismiss
  'GET /api/v1/medicine-warnings': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'POST /api/v1/medicine-lots/:id/dismiss-expiry': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicineLot' },
    owner: 204,
    otherFarm: 404,
  },
  'POST /api/v1/medicines/:id/dismiss-low-stock': {
    kind: 'api',
    least: 'member',
    params: { id: 'medicine' },
    owner: 204,
    otherFarm: 404,
  },

  // the farm's money (money.test.ts tries it in full): Owners and Members only, a Farm Sitter none of it;
  // another farm naming the owner's group is a 404, as the issue asks
  'GET /api/v1/money': { kind: 'api', least: 'member', owner: 200, otherFarm: 200 },
  'POST /api/v1/money': {
    kind: 'api',
    least: 'member',
    body: (records) => ({ kind: 'expense', amount: 12.5, category: 'Feed', groupId: records.group }),
    owner: 201,
    otherFarm: 404,
  },
  'GET /api/v1/money/summary': {
    kind: 'api',
    least: 'member',
    query: (records) => `groupId=${records.group}&from=2026-01-01&to=2026-12-31`,
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/money/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'moneyEntry' },
    owner: 200,
    otherFarm: 404,
  },
  'PATCH /api/v1/money/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'moneyEntry' },
    body: () => ({ amount: 13.25, note: 'Layer pellets' }),
    owner: 200,
    otherFarm: 404,
  },
  'DELETE /api/v1/money/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'moneyEntry' },
    owner: 204,
    otherFarm: 404,
  },
  'GET /api/v1/groups/:id/feed': {
    kind: 'api',
    least: 'member',
    params: { id: 'group' },
    owner: 200,
    otherFarm: 404,
  },

  // farm sharing (members.test.ts tries real invitations, roles and removals)
  'GET /api/v1/farm/members': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'POST /api/v1/farm/invitations': {
    kind: 'api',
    least: 'owner',
    body: () => ({ email: 'matrix-invitee@example.com', role: 'member' }),
    owner: 201,
    otherFarm: 201,
  },
  'POST /api/v1/farm/invitations/:id/resend': {
    kind: 'api',
    least: 'owner',
    params: { id: 'invitation' },
    owner: 200,
    otherFarm: 404,
  },
  'DELETE /api/v1/farm/invitations/:id': {
    kind: 'api',
    least: 'owner',
    params: { id: 'invitation' },
    owner: 204,
    otherFarm: 404,
  },
  'PATCH /api/v1/farm/members/:userId': {
    kind: 'api',
    least: 'owner',
    params: { userId: 'member' },
    body: () => ({ role: 'sitter' }),
    owner: 204,
    otherFarm: 404,
  },
  'DELETE /api/v1/farm/members/:userId': {
    kind: 'api',
    least: 'owner',
    params: { userId: 'member' },
    owner: 204,
    otherFarm: 404,
  },
  // the only owner cannot leave (nor can another farm's); a member or a sitter leaves
  'POST /api/v1/farm/leave': {
    kind: 'api',
    least: 'sitter',
    leaves: true,
    roleStatus: { member: 204, sitter: 204 },
    owner: 409,
    otherFarm: 409,
  },
  'GET /api/v1/farms': { kind: 'api', least: 'sitter', owner: 200, otherFarm: 200 },
  'PUT /api/v1/farms/current': {
    kind: 'api',
    least: 'sitter',
    body: (records) => ({ farmId: records.farm }),
    owner: 204,
    otherFarm: 404,
  },
  // a link's token that is not one: nobody joins anything
  'POST /api/v1/invitations/accept': {
    kind: 'api',
    least: 'sitter',
    body: () => ({ token: 'x'.repeat(43) }),
    owner: 404,
    otherFarm: 404,
  },

  'GET /api/v1/reminders': {
    kind: 'api',
    least: 'sitter',
    // aimed at the owner's animal: another farm must see an empty page, not the owner's reminders
    query: (records) => `animalId=${records.animal}`,
    owner: 200,
    otherFarm: 200,
  },
  'POST /api/v1/reminders': {
    kind: 'api',
    least: 'member',
    body: (records) => ({
      title: 'Matrix reminder',
      type: 'general',
      dueDate: later,
      animalId: records.animal,
    }),
    owner: 201,
    otherFarm: 422,
  },
  'POST /api/v1/reminders/:id/complete': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'reminder' },
    owner: 200,
    otherFarm: 404,
  },
  // 'Undo' after Done (an active reminder stays as it is)
  'POST /api/v1/reminders/:id/undo': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'reminder' },
    owner: 200,
    otherFarm: 404,
  },
  'GET /api/v1/reminders/:id': {
    kind: 'api',
    least: 'sitter',
    params: { id: 'reminder' },
    owner: 200,
    otherFarm: 404,
  },
  'PATCH /api/v1/reminders/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'reminder' },
    body: () => ({ title: 'Changed reminder', dueDate: later }),
    owner: 200,
    otherFarm: 404,
  },
  'POST /api/v1/reminders/:id/snooze': {
    kind: 'api',
    least: 'member',
    params: { id: 'reminder' },
    body: () => ({ by: 'week' }),
    owner: 200,
    otherFarm: 404,
  },
  'DELETE /api/v1/reminders/:id': {
    kind: 'api',
    least: 'member',
    params: { id: 'reminder' },
    owner: 204,
    otherFarm: 404,
  },
};

/** Values an auth probe may use: a fresh address for each call. */
export type AuthProbeContext = { freshEmail: () => string };

/**
 * A Better Auth endpoint, keyed by "METHOD /api/auth/path" (path parameters as Better Auth names
 * them). The web app uses get-session, sign-up, sign-in, sign-out, revoke-sessions,
 * send-verification-email, request-password-reset and reset-password, and the email links
 * (verify-email, reset-password/:token); issue 7 asks for every other endpoint to be disabled.
 */
export type AuthRouteRow =
  /** turned off: 404 in the one error shape for everyone */
  | { access: 'disabled' }
  /**
   * Open to everyone: the probe gets `status` whoever sends it (`signedInStatus` with a live
   * session, where Better Auth checks the request against it), and never sets a session.
   */
  | {
      access: 'public';
      path?: string;
      body?: (context: AuthProbeContext) => unknown;
      status: number;
      signedInStatus?: number;
      /** ends the session it is sent with: signed-in identities send a throwaway one */
      endsSession?: boolean;
    }
  /** reads the session: answers null to anyone without a live, confirmed one */
  | { access: 'session-read' }
  /** needs a session: 401 without one; `status` for a signed-in user (a throwaway session) */
  | { access: 'session'; body?: () => unknown; status: number };

export const authRoutes: Record<string, AuthRouteRow> = {
  'GET /api/auth/get-session': { access: 'session-read' },
  'POST /api/auth/get-session': { access: 'disabled' },
  'POST /api/auth/sign-up/email': {
    access: 'public',
    body: ({ freshEmail }) => ({ email: freshEmail(), password: 'correct horse battery', name: '' }),
    status: 200,
  },
  // a wrong password for an unknown address: the same refusal for everyone, and no session
  'POST /api/auth/sign-in/email': {
    access: 'public',
    body: ({ freshEmail }) => ({ email: freshEmail(), password: 'not the password' }),
    status: 401,
  },
  // signed in, Better Auth only resends to the session's own address
  'POST /api/auth/send-verification-email': {
    access: 'public',
    body: ({ freshEmail }) => ({ email: freshEmail() }),
    status: 200,
    signedInStatus: 400,
  },
  'POST /api/auth/request-password-reset': {
    access: 'public',
    body: ({ freshEmail }) => ({ email: freshEmail(), redirectTo: '/reset-password' }),
    status: 200,
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    body: () => ({ token: 'not-a-real-token', newPassword: 'another long password' }),
    status: 400,
  },
  // the links in the emails: a wrong token redirects with an error, and signs nobody in
  'GET /api/auth/verify-email': { access: 'public', path: '/api/auth/verify-email?token=nope', status: 401 },
  'GET /api/auth/reset-password/:token': {
    access: 'public',
    path: '/api/auth/reset-password/nope?callbackURL=/reset-password',
    status: 302,
  },
  // signing out without a session is harmless and answers the same
  'POST /api/auth/sign-out': { access: 'public', body: () => ({}), status: 200, endsSession: true },
  'POST /api/auth/revoke-sessions': { access: 'session', status: 200 },
  'GET /api/auth/error': { access: 'disabled' },

  'POST /api/auth/sign-in/social': { access: 'disabled' },
  'GET /api/auth/callback/:id': { access: 'disabled' },
  'POST /api/auth/callback/:id': { access: 'disabled' },
  'POST /api/auth/verify-password': { access: 'disabled' },
  'POST /api/auth/change-email': { access: 'disabled' },
  'POST /api/auth/change-password': { access: 'disabled' },
  'POST /api/auth/update-session': { access: 'disabled' },
  'POST /api/auth/update-user': { access: 'disabled' },
  'POST /api/auth/delete-user': { access: 'disabled' },
  'GET /api/auth/delete-user/callback': { access: 'disabled' },
  'GET /api/auth/list-sessions': { access: 'disabled' },
  'POST /api/auth/revoke-session': { access: 'disabled' },
  'POST /api/auth/revoke-other-sessions': { access: 'disabled' },
  'POST /api/auth/link-social': { access: 'disabled' },
  'GET /api/auth/list-accounts': { access: 'disabled' },
  'POST /api/auth/unlink-account': { access: 'disabled' },
  'POST /api/auth/refresh-token': { access: 'disabled' },
  'POST /api/auth/get-access-token': { access: 'disabled' },
  'GET /api/auth/account-info': { access: 'disabled' },
  'GET /api/auth/ok': { access: 'disabled' },
};
