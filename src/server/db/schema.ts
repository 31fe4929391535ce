// Database schema: Better Auth's tables (user, session, account, verification, rate_limit) and
// the product's own. Every product table carries farm_id; see docs/decisions/0003-tenancy.md.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---- Better Auth ----------------------------------------------------------------------------

/** With generateId 'uuid', Better Auth leaves ids to the database's default. */
const authId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const user = pgTable('user', {
  id: authId(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** the browser's zone at sign-up; the trigger copies it to the new farm (then unused) */
  timeZone: text('time_zone'),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: authId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: authId(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: authId(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: authId(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---- Paddock --------------------------------------------------------------------------------

export const weightUnit = pgEnum('weight_unit', ['lbs', 'kg']);
export const farmRole = pgEnum('farm_role', ['owner', 'member']);

export const farms = pgTable('farms', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name'),
  timeZone: text('time_zone').notNull().default('UTC'),
  weightUnit: weightUnit('weight_unit').notNull().default('lbs'),
  ...timestamps,
});

export const farmMembers = pgTable(
  'farm_members',
  {
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: farmRole('role').notNull().default('owner'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.userId] }),
    index('farm_members_user_id_idx').on(table.userId),
  ],
);

/** The person behind an account: what the Account page shows besides the farm's own settings. */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    ownerName: text('owner_name'),
    email: text('email'),
    phone: text('phone'),
    location: text('location'),
    ...timestamps,
  },
  (table) => [index('profiles_farm_id_idx').on(table.farmId)],
);
