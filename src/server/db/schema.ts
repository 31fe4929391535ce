// Database schema: Better Auth's tables (user, session, account, verification, rate_limit) and
// the product's own. Every product table carries farm_id; see docs/decisions/0003-tenancy.md.
import { sql } from 'drizzle-orm';
import type { ExitKind } from '../../shared/schemas/animals';
import {
  bigint,
  boolean,
  check,
  date,
  type AnyPgColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
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
    /** the farm this session works in (the header's switcher); checked against farm_members on every request */
    activeFarmId: uuid('active_farm_id').references((): AnyPgColumn => farms.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('session_user_id_idx').on(table.userId),
    index('session_active_farm_id_idx').on(table.activeFarmId),
  ],
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

/**
 * A device that has signed in to an account (issue 23): it skips the account's limit on sign-in
 * attempts. Only the SHA-256 of the device's random cookie value is kept; a new password (a
 * trigger on account.password, routines/triggers/account_password_forgets_known_devices.sql) and
 * 'sign out everywhere' forget the account's rows.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('known_devices_user_id_idx').on(table.userId)],
);

// ---- Paddock --------------------------------------------------------------------------------

export const weightUnit = pgEnum('weight_unit', ['lbs', 'kg']);
/** a farm's milk unit and each milk record's (migration 0029): weights and volumes alike */
export const milkUnit = pgEnum('milk_unit', ['lbs', 'kg', 'L', 'gal']);
/** Owner > Member > Farm Sitter: see src/server/http/permissions.ts for what each may call */
export const farmRole = pgEnum('farm_role', ['owner', 'member', 'sitter']);

export const farms = pgTable('farms', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name'),
  timeZone: text('time_zone').notNull().default('UTC'),
  weightUnit: weightUnit('weight_unit').notNull().default('lbs'),
  /** what milk totals are shown in (Farm Settings); a new farm starts in lbs, as its weight unit */
  milkUnit: milkUnit('milk_unit').notNull().default('lbs'),
  /** organic rules: new treatments' withdrawal periods doubled (migration 0031, decision 0040) */
  organic: boolean('organic').notNull().default(false),
  /** what money is kept in (Farm Settings; migration 0036, decision 0044): one of src/shared/schemas/money.ts's currencies */
  currency: text('currency').notNull().default('USD'),
  /** a demo farm's end ('View Demo'): removed with its user after it; null for real farms */
  demoUntil: timestamp('demo_until', { withTimezone: true }),
  /** a 'Download JSON' import under way since then (migration 0025); null otherwise */
  importStartedAt: timestamp('import_started_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * Each farm's version: raised at the commit of every change of its records, by the database's
 * triggers (migration 0046, decision 0062). A read remembered at one version is answered again from
 * memory only while the farm is still at it (src/server/http/remembered-reads.ts).
 */
export const farmVersions = pgTable('farm_versions', {
  farmId: uuid('farm_id')
    .primaryKey()
    .references(() => farms.id, { onDelete: 'cascade' }),
  /** from one sequence (farm_version_seq): no two farms' versions are the same */
  version: bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`nextval('farm_version_seq')`),
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
    /** a farm sitter's last day (the farm's time zone); the access ends by itself after it */
    accessUntil: date('access_until', { mode: 'string' }),
    /** when the person last chose this farm (switching, accepting): a new session starts in it */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** when their morning notification rings, in the farm's zone (migration 0037): 'HH:MM:00' */
    notifyAt: time('notify_at').notNull().default('07:00'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.userId] }),
    index('farm_members_user_id_idx').on(table.userId),
  ],
);

/**
 * An invitation to a farm, by email: only the SHA-256 of its link's token is kept; single use (the
 * row goes when accepted), 7 days. One per address and farm: inviting again replaces it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: farmRole('role').notNull(),
    accessUntil: date('access_until', { mode: 'string' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    unique('invitations_farm_email_unique').on(table.farmId, table.email),
    index('invitations_invited_by_idx').on(table.invitedBy),
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
    /** Account → 'Daily reminder email': off until the person turns it on */
    dailyEmail: boolean('daily_email').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('profiles_farm_id_idx').on(table.farmId),
    index('profiles_daily_email_idx')
      .on(table.farmId)
      .where(sql`daily_email`),
  ],
);

// ---- Herd: groups, animals, species --------------------------------------------------------

export const animalSex = pgEnum('animal_sex', ['female', 'male', 'castrated_male', 'spayed_female']);

/** Built-in species have no farm; a farm's own additions carry its id. */
export const species = pgTable(
  'species',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    farmId: uuid('farm_id').references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [unique('species_farm_name_unique').on(table.farmId, table.name).nullsNotDistinct()],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull(),
    ...timestamps,
  },
  (table) => [
    // Ids are the client's choice and scoped by farm, so that no answer reveals whether another
    // farm holds an id; the key also lets links prove that they join records of one farm.
    primaryKey({ columns: [table.farmId, table.id] }),
    index('groups_farm_id_created_at_idx').on(table.farmId, table.createdAt),
  ],
);

export const animals = pgTable(
  'animals',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    breed: text('breed'),
    sex: animalSex('sex'),
    birthDate: date('birth_date', { mode: 'string' }),
    weight: numeric('weight', { precision: 9, scale: 2, mode: 'number' }),
    weightUnit: weightUnit('weight_unit'),
    speciesId: uuid('species_id').references(() => species.id, { onDelete: 'set null' }),
    color: text('color'),
    /** the parents' names: typed for animals from elsewhere, or a linked parent's (kept on rename) */
    dam: text('dam'),
    sire: text('sire'),
    /** parents of the same farm (migration 0011: composite keys, ON DELETE SET NULL of the id alone) */
    damId: uuid('dam_id'),
    sireId: uuid('sire_id'),
    tagId: text('tag_id'),
    /** ISO 11784/11785: 15 digits, unique within the farm (migration 0038, decision 0046) */
    electronicId: text('electronic_id'),
    /** storage key of the current photo (a new key per upload, so URLs can be cached for ever) */
    photoKey: text('photo_key'),
    /**
     * natural_sort_key(name), COLLATE "C" (migration 0007): the list's order, set by the trigger
     * animals_name_key when the row is inserted or its name written (migration 0045); never written
     */
    nameKey: text('name_key'),
    /** its groups' ids, kept from animal_groups by triggers (routines: animals_group_ids_*); never written */
    groupIds: uuid('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * the animal as lists show it, JSON text of AnimalListItem, written by a BEFORE trigger
     * (routines/functions/animals_list_item.sql; NOT NULL since migration 0007); never written here
     */
    listItem: text('list_item'),
    /**
     * the last day of each withdrawal over its medical entries, kept by triggers
     * (routines/functions/animals_withdrawal_refresh.sql); never written here
     */
    meatWithdrawalUntil: date('meat_withdrawal_until', { mode: 'string' }),
    milkWithdrawalUntil: date('milk_withdrawal_until', { mode: 'string' }),
    eggWithdrawalUntil: date('egg_withdrawal_until', { mode: 'string' }),
    /** the kinds ('meat', 'milk', 'eggs') whose last day above comes from an organic treatment (migration 0034) */
    withdrawalOrganic: text('withdrawal_organic')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * how it left the herd (migration 0035, decision 0043): sold, died, culled, given away or lost,
     * on a day, with a note and a sale's price; the groups it left, for 'Return to Herd'
     */
    exitKind: text('exit_kind').$type<ExitKind>(),
    exitOn: date('exit_on', { mode: 'string' }),
    exitNote: text('exit_note'),
    exitPrice: numeric('exit_price', { precision: 12, scale: 2, mode: 'string' }),
    exitGroupIds: uuid('exit_group_ids').array(),
    ...timestamps,
  },
  (table) => [
    // scoped by farm, like every client-chosen id (see groups)
    primaryKey({ columns: [table.farmId, table.id] }),
    index('animals_farm_id_past_idx')
      .on(table.farmId, table.exitOn)
      .where(sql`${table.exitKind} is not null`),
    index('animals_farm_id_name_idx').on(table.farmId, table.name),
    index('animals_farm_id_name_key_idx').on(table.farmId, table.nameKey, table.id),
    // a farm's animals of a species are one range (migration 0040: Production's hens)
    index('animals_species_id_idx').on(table.speciesId, table.farmId),
    // what a tag reader types finds its animal (migration 0038): the tag ignoring case, spaces and
    // dashes (tagKey in animals.repo.ts), or the Electronic ID
    uniqueIndex('animals_farm_id_electronic_id_idx')
      .on(table.farmId, table.electronicId)
      .where(sql`${table.electronicId} is not null`),
    index('animals_farm_id_tag_key_idx')
      .on(table.farmId, sql`lower(regexp_replace(${table.tagId}, '[[:space:]-]+', '', 'g'))`)
      .where(sql`${table.tagId} is not null`),
  ],
);

export const animalGroups = pgTable(
  'animal_groups',
  {
    farmId: uuid('farm_id').notNull(),
    animalId: uuid('animal_id').notNull(),
    groupId: uuid('group_id').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.animalId, table.groupId] }),
    foreignKey({
      name: 'animal_groups_animal_fk',
      columns: [table.farmId, table.animalId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'animal_groups_group_fk',
      columns: [table.farmId, table.groupId],
      foreignColumns: [groups.farmId, groups.id],
    }).onDelete('cascade'),
    index('animal_groups_group_id_idx').on(table.groupId),
    index('animal_groups_farm_id_idx').on(table.farmId),
  ],
);

// ---- Care: entries and reminders ------------------------------------------------------------

export const entryType = pgEnum('entry_type', ['medical', 'weight', 'note']);
export const reminderType = pgEnum('reminder_type', ['medical', 'weight', 'general', 'feeding', 'routine']);
export const repeatUnit = pgEnum('repeat_unit', ['day', 'week', 'month']);
/** a repeat counts from the day it was done (drifts with the work) or from its due date (a fixed schedule) */
export const repeatFrom = pgEnum('repeat_from', ['done', 'due']);

export const careEntries = pgTable(
  'care_entries',
  {
    id: uuid('id').notNull(),
    /** its farm is its animal's (care_entries_animal_fk); no key of its own to farms since migration 0041 */
    farmId: uuid('farm_id').notNull(),
    animalId: uuid('animal_id').notNull(),
    /** entries written by one submission (a whole group at once) share it; see decision 0010 */
    batchId: uuid('batch_id').notNull(),
    groupId: uuid('group_id'),
    type: entryType('type').notNull(),
    dateRecorded: date('date_recorded', { mode: 'string' }).notNull(),
    medicationName: text('medication_name'),
    dosage: numeric('dosage', { precision: 12, scale: 3, mode: 'number' }),
    dosageUnit: text('dosage_unit'),
    weightValue: numeric('weight_value', { precision: 9, scale: 2, mode: 'number' }),
    weightUnit: weightUnit('weight_unit'),
    /** body condition score 1–5, beside a weight (migration 0009 checks it) */
    bodyCondition: smallint('body_condition'),
    /** a medical entry's medicine record and withdrawal periods (migration 0010 checks them) */
    route: text('route'),
    lotNumber: text('lot_number'),
    givenBy: text('given_by'),
    meatWithdrawalDays: smallint('meat_withdrawal_days'),
    milkWithdrawalDays: smallint('milk_withdrawal_days'),
    eggWithdrawalDays: smallint('egg_withdrawal_days'),
    /** given on an organic farm: the periods above are the label's doubled, at least 2 (decision 0040) */
    organic: boolean('organic').notNull().default(false),
    /** the cabinet's medicine it was given from (migration 0032, decision 0041): its schedule counts the doses */
    medicineId: uuid('medicine_id'),
    title: text('title'),
    noteContent: text('note_content'),
    /** the member who recorded it ('by {name}'); null for entries from before sharing, or a deleted account */
    recordedBy: uuid('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * the entry as an animal's history shows it but its two names, JSON text of CareEntry, written
     * by a BEFORE trigger (routines/functions/care_entries_item.sql; NOT NULL since migration
     * 0041); never written here
     */
    item: text('item'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    index('care_entries_recorded_by_idx').on(table.recordedBy),
    foreignKey({
      name: 'care_entries_animal_fk',
      columns: [table.farmId, table.animalId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('cascade'),
    // Deleting a group keeps its entries. The migration (0005) says ON DELETE SET NULL
    // ("group_id"): drizzle cannot express the column list, and a plain SET NULL would also null
    // farm_id, which is NOT NULL. Keep that clause if this key is ever generated again.
    foreignKey({
      name: 'care_entries_group_fk',
      columns: [table.farmId, table.groupId],
      foreignColumns: [groups.farmId, groups.id],
    }).onDelete('set null'),
    // ON DELETE SET NULL (medicine_id) in the migration (0032), for the reason above
    foreignKey({
      name: 'care_entries_medicine_fk',
      columns: [table.farmId, table.medicineId],
      foreignColumns: [medicines.farmId, medicines.id],
    }).onDelete('set null'),
    index('care_entries_medicine_idx')
      .on(table.farmId, table.medicineId, table.animalId)
      .where(sql`${table.medicineId} is not null`),
    // INCLUDE (group_id, batch_id) in the migration (0039): the group log reads it alone; id is a
    // key so that the history's order is the index's
    index('care_entries_animal_recent_idx').on(
      table.farmId,
      table.animalId,
      table.dateRecorded,
      table.createdAt,
      table.id,
    ),
    // one entry per animal per submission: a retried batch cannot write twice; its first two
    // columns find a batch's entries (their own index went in migration 0041)
    unique('care_entries_batch_animal_unique').on(table.farmId, table.batchId, table.animalId),
    index('care_entries_group_idx').on(table.groupId, table.dateRecorded),
    check(
      'care_entries_body_condition_check',
      sql`${table.bodyCondition} is null or (${table.type} = 'weight' and ${table.bodyCondition} between 1 and 5)`,
    ),
  ],
);

/**
 * Every row a group's log shows, as the JSON text of CareBatch (src/shared/schemas/care.ts): one
 * per batch recorded for the group (`row_id` the batch's id) and one per entry of its animals' own
 * (`own`, `row_id` the entry's id). Kept by triggers on care_entries, animal_groups and animals
 * (routines/functions/group_log_*.sql), never written by the app. Its rows stay uncompressed in
 * the table up to 8 KB (toast_tuple_target, migration 0043: drizzle cannot say it).
 */
export const groupLog = pgTable(
  'group_log',
  {
    farmId: uuid('farm_id').notNull(),
    rowId: uuid('row_id').notNull(),
    groupId: uuid('group_id').notNull(),
    own: boolean('own').notNull(),
    batchId: uuid('batch_id').notNull(),
    dateRecorded: date('date_recorded', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    item: text('item').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.rowId, table.groupId] }),
    foreignKey({
      name: 'group_log_group_fk',
      columns: [table.farmId, table.groupId],
      foreignColumns: [groups.farmId, groups.id],
    }).onDelete('cascade'),
    index('group_log_recent_idx').on(
      table.farmId,
      table.groupId,
      table.dateRecorded,
      table.createdAt,
      table.batchId,
      table.rowId,
    ),
  ],
);

export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    /** one animal, or a whole group (exactly one of the two) */
    animalId: uuid('animal_id'),
    groupId: uuid('group_id'),
    careEntryId: uuid('care_entry_id'),
    title: text('title').notNull(),
    type: reminderType('type').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** the time of day it is due in the farm's zone (migration 0037), or null: all day */
    dueTime: time('due_time'),
    repeatEvery: integer('repeat_every'),
    repeatUnit: repeatUnit('repeat_unit'),
    repeatFrom: repeatFrom('repeat_from').notNull().default('done'),
    /** the care batch a group entry's follow-up belongs to: one reminder for all its animals */
    careBatchId: uuid('care_batch_id'),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** the reminder this one repeats; unique in the farm, so completing twice cannot schedule two */
    previousId: uuid('previous_id'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    unique('reminders_farm_id_previous_id_unique').on(table.farmId, table.previousId),
    foreignKey({
      name: 'reminders_care_entry_fk',
      columns: [table.farmId, table.careEntryId],
      foreignColumns: [careEntries.farmId, careEntries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reminders_animal_fk',
      columns: [table.farmId, table.animalId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reminders_group_fk',
      columns: [table.farmId, table.groupId],
      foreignColumns: [groups.farmId, groups.id],
    }).onDelete('cascade'),
    check('reminders_one_subject', sql`(${table.animalId} is null) <> (${table.groupId} is null)`),
    index('reminders_active_idx').on(table.farmId, table.completed, table.dueDate),
    index('reminders_animal_idx').on(table.animalId),
    index('reminders_group_idx').on(table.groupId),
    index('reminders_care_entry_idx').on(table.careEntryId),
    index('reminders_care_batch_idx').on(table.farmId, table.careBatchId),
    index('reminders_due_date_due_time_idx')
      .on(table.dueDate, table.farmId)
      .where(sql`due_time is not null and not completed`),
  ],
);

/**
 * The animals a reminder covers when it is for some of a group's animals (a group batch's
 * follow-up, or a group reminder narrowed by hand). A group reminder without rows covers the whole
 * group, as it is today; an animal's reminder uses reminders.animal_id.
 */
export const reminderAnimals = pgTable(
  'reminder_animals',
  {
    farmId: uuid('farm_id').notNull(),
    reminderId: uuid('reminder_id').notNull(),
    animalId: uuid('animal_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.reminderId, table.animalId] }),
    foreignKey({
      name: 'reminder_animals_reminder_fk',
      columns: [table.farmId, table.reminderId],
      foreignColumns: [reminders.farmId, reminders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reminder_animals_animal_fk',
      columns: [table.farmId, table.animalId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('cascade'),
    index('reminder_animals_animal_idx').on(table.farmId, table.animalId),
  ],
);

/** A farm's own gestation length for a species (migration 0012); built-in defaults live in src/shared. */
export const speciesGestation = pgTable(
  'species_gestation',
  {
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    speciesId: uuid('species_id')
      .notNull()
      .references(() => species.id, { onDelete: 'cascade' }),
    days: smallint('days').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.speciesId] }),
    index('species_gestation_species_id_idx').on(table.speciesId),
  ],
);

/**
 * A dam's breeding and what came of it (migration 0012 holds the keys: the dam's deletion takes
 * its breedings, a sire's or the reminder's only clears the link; expected_on is checked there).
 */
export const breedings = pgTable(
  'breedings',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    damId: uuid('dam_id').notNull(),
    sireId: uuid('sire_id'),
    /** the sire's name: typed for one from elsewhere, or a linked sire's (kept on rename) */
    sire: text('sire'),
    bredOn: date('bred_on', { mode: 'string' }).notNull(),
    gestationDays: smallint('gestation_days').notNull(),
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    note: text('note'),
    reminderId: uuid('reminder_id'),
    bornOn: date('born_on', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    foreignKey({
      name: 'breedings_dam_fk',
      columns: [table.farmId, table.damId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('cascade'),
    index('breedings_farm_id_dam_id_idx').on(table.farmId, table.damId, table.bredOn.desc()),
  ],
);

/**
 * A collection of a group's eggs on a day (issue 26; migration 0028 holds the keys and checks):
 * `discarded` of `eggs` were thrown away, for an egg withdrawal of one of the group's animals.
 */
export const eggCollections = pgTable(
  'egg_collections',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    /** null once its group is deleted: the collection stays in the farm's history */
    groupId: uuid('group_id'),
    collectedOn: date('collected_on', { mode: 'string' }).notNull(),
    eggs: integer('eggs').notNull(),
    cracked: integer('cracked'),
    dirty: integer('dirty'),
    small: integer('small'),
    discarded: integer('discarded').notNull().default(0),
    note: text('note'),
    /** who recorded it: a farm sitter changes only their own */
    recordedBy: uuid('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * the collection as the list shows it but its two names, JSON text of EggCollection, written by
     * a BEFORE trigger (routines/functions/egg_collections_item.sql; NOT NULL since migration
     * 0042); never written here
     */
    item: text('item'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    // ON DELETE SET NULL ("group_id") in the migration (0028), as care_entries_group_fk
    foreignKey({
      name: 'egg_collections_group_fk',
      columns: [table.farmId, table.groupId],
      foreignColumns: [groups.farmId, groups.id],
    }).onDelete('set null'),
    // the list's whole order (migration 0042): a page is a slice of one of them
    index('egg_collections_farm_id_group_id_idx').on(
      table.farmId,
      table.groupId,
      table.collectedOn.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('egg_collections_farm_id_collected_on_idx').on(
      table.farmId,
      table.collectedOn.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('egg_collections_recorded_by_idx')
      .on(table.recordedBy)
      .where(sql`${table.recordedBy} is not null`),
  ],
);

export const milking = pgEnum('milking', ['morning', 'evening', 'once']);

/**
 * One doe's milk at one milking (issue 26; migration 0029 holds the keys and checks): `amount` in
 * `unit` as recorded, of which `discarded` was thrown away for a milk withdrawal.
 */
export const milkRecords = pgTable(
  'milk_records',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    animalId: uuid('animal_id').notNull(),
    /** the group it was recorded from, if any; null once that group is deleted */
    groupId: uuid('group_id'),
    milkedOn: date('milked_on', { mode: 'string' }).notNull(),
    milking: milking('milking').notNull(),
    amount: numeric('amount', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    unit: milkUnit('unit').notNull(),
    discarded: numeric('discarded', { precision: 7, scale: 2, mode: 'number' }).notNull().default(0),
    note: text('note'),
    /** who recorded it: a farm sitter changes only their own */
    recordedBy: uuid('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    foreignKey({
      name: 'milk_records_animal_fk',
      columns: [table.farmId, table.animalId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('cascade'),
    // ON DELETE SET NULL ("group_id") in the migration (0029), as care_entries_group_fk
    foreignKey({
      name: 'milk_records_group_fk',
      columns: [table.farmId, table.groupId],
      foreignColumns: [groups.farmId, groups.id],
    }).onDelete('set null'),
    index('milk_records_farm_id_animal_id_idx').on(table.farmId, table.animalId, table.milkedOn.desc()),
    index('milk_records_farm_id_milked_on_idx').on(table.farmId, table.milkedOn.desc()),
    index('milk_records_farm_id_group_id_idx')
      .on(table.farmId, table.groupId)
      .where(sql`${table.groupId} is not null`),
    index('milk_records_recorded_by_idx')
      .on(table.recordedBy)
      .where(sql`${table.recordedBy} is not null`),
  ],
);

/** A read-only link to one animal's health record, by the SHA-256 of its token (migration 0013). */
export const recordShares = pgTable(
  'record_shares',
  {
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    animalId: uuid('animal_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** who made the link (migration 0020): it ends when they leave the farm; null if made before */
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.animalId] }),
    unique('record_shares_token_hash_unique').on(table.tokenHash),
    index('record_shares_created_by_idx').on(table.createdBy),
    foreignKey({
      name: 'record_shares_animal_fk',
      columns: [table.farmId, table.animalId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('cascade'),
  ],
);

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** the last body's ETag, and when the body last changed (the feed's Last-Modified) */
    etag: text('etag'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * whose address it is (migration 0020; one per person and farm since 0026): it ends when they
     * leave the farm
     */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.createdBy] }),
    unique('calendar_feeds_token_hash_unique').on(table.tokenHash),
    index('calendar_feeds_created_by_idx').on(table.createdBy),
  ],
);

/** A device a person turned notifications on for, on one farm (Web Push; migration 0037). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    farmId: uuid('farm_id').notNull(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Pixel 8 · Chrome' */
    label: text('label').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    foreignKey({
      name: 'push_subscriptions_member_fk',
      columns: [table.farmId, table.userId],
      foreignColumns: [farmMembers.farmId, farmMembers.userId],
    }).onDelete('cascade'),
    unique('push_subscriptions_endpoint_unique').on(table.farmId, table.userId, table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.userId),
  ],
);

/**
 * One notification of the run to one person on one farm and day ('morning', or a timed reminder's
 * '<id>@HH:MM'): claimed (inserted) before it is sent, so that exactly one server sends it.
 */
export const pushClaims = pgTable(
  'push_claims',
  {
    farmId: uuid('farm_id').notNull(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** the devices it reached (null until sent) */
    sentTo: integer('sent_to'),
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.userId, table.day, table.key] }),
    foreignKey({
      name: 'push_claims_member_fk',
      columns: [table.farmId, table.userId],
      foreignColumns: [farmMembers.farmId, farmMembers.userId],
    }).onDelete('cascade'),
    index('push_claims_user_id_idx').on(table.userId),
    index('push_claims_day_idx').on(table.day),
  ],
);

/** One farm's daily reminder email to one person on one day: claimed (inserted) before it is sent. */
export const dailyEmails = pgTable(
  'daily_emails',
  {
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** the farm's calendar day it is for */
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** reminders due or overdue that day (0: nothing was sent) */
    reminderCount: integer('reminder_count'),
    unsubscribeHash: text('unsubscribe_hash').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.userId, table.day] }),
    unique('daily_emails_unsubscribe_hash_unique').on(table.unsubscribeHash),
    index('daily_emails_user_id_idx').on(table.userId),
    index('daily_emails_day_idx').on(table.day),
  ],
);

/** An email waiting to be sent (mail/mail-queue.ts): deleted once the mail server takes it. */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    link: text('link'),
    /** a development server with no SMTP prints this email's link in its log (a confirmation only) */
    linkInDevelopmentLog: boolean('link_in_development_log').notNull().default(false),
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_queue_next_attempt_at_idx').on(table.nextAttemptAt)],
);

/**
 * Bookkeeping of the migration step (db/routines.ts, decision 0034): the text each function and
 * trigger file was last applied from. Not farm data: a backup leaves it out.
 */
export const paddockRoutines = pgTable('paddock_routines', {
  /** its file in src/server/db/routines without .sql: functions/<name> or triggers/<name> */
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- The medicine cabinet (issue 27; migration 0030 holds the keys and checks; decision 0039) ----

/** A medicine of the farm's cabinet, as its label says; archived ones keep their history. */
export const medicines = pgTable(
  'medicines',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    activeIngredient: text('active_ingredient'),
    /** mL, cc, mg, g, tablet, drop, dose (src/shared/schemas/medicines.ts) */
    unit: text('unit').notNull(),
    route: text('route'),
    /** fixed, by-weight, or null: the dose's columns below go with it (medicines_dose_check) */
    doseKind: text('dose_kind'),
    doseAmount: numeric('dose_amount', { precision: 12, scale: 3, mode: 'number' }),
    dosePerWeight: numeric('dose_per_weight', { precision: 9, scale: 2, mode: 'number' }),
    doseWeightUnit: weightUnit('dose_weight_unit'),
    doseMax: numeric('dose_max', { precision: 12, scale: 3, mode: 'number' }),
    meatWithdrawalDays: smallint('meat_withdrawal_days'),
    milkWithdrawalDays: smallint('milk_withdrawal_days'),
    eggWithdrawalDays: smallint('egg_withdrawal_days'),
    scheduleInitialDoses: smallint('schedule_initial_doses'),
    scheduleDaysApart: smallint('schedule_days_apart'),
    scheduleBoosterMonths: smallint('schedule_booster_months'),
    notes: text('notes'),
    lowStockLevel: numeric('low_stock_level', { precision: 10, scale: 3, mode: 'number' }),
    /** 'Dismiss' on its low-stock warning: it stays away until stock is received after it (decision 0042) */
    lowStockDismissedAt: timestamp('low_stock_dismissed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    uniqueIndex('medicines_farm_id_name_unique')
      .on(table.farmId, sql`lower(${table.name})`)
      .where(sql`${table.archivedAt} is null`),
    index('medicines_farm_id_archived_idx')
      .on(table.farmId)
      .where(sql`${table.archivedAt} is not null`),
  ],
);

/** A bottle or box of a medicine: its stock is the sum of its movements. */
export const medicineLots = pgTable(
  'medicine_lots',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    medicineId: uuid('medicine_id').notNull(),
    lotNumber: text('lot_number'),
    expiresOn: date('expires_on', { mode: 'string' }),
    supplier: text('supplier'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
    /** 'Dismiss' on its expiry warning: it stays away while the lot is as it was then (decision 0042) */
    expiryWarningDismissedAt: timestamp('expiry_warning_dismissed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    // NO ACTION: a medicine with lots is archived, never deleted
    foreignKey({
      name: 'medicine_lots_medicine_fk',
      columns: [table.farmId, table.medicineId],
      foreignColumns: [medicines.farmId, medicines.id],
    }),
    index('medicine_lots_farm_id_medicine_id_idx').on(table.farmId, table.medicineId, table.expiresOn),
  ],
);

/** One change of a lot's stock, never edited (the trigger stock_movements_append_only refuses). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id').notNull(),
    /** received, used, disposed, corrected */
    kind: text('kind').notNull(),
    /** signed: received positive, used and disposed negative, corrected either */
    quantity: numeric('quantity', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    careEntryId: uuid('care_entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    foreignKey({
      name: 'stock_movements_lot_fk',
      columns: [table.farmId, table.lotId],
      foreignColumns: [medicineLots.farmId, medicineLots.id],
    }).onDelete('cascade'),
    // ON DELETE SET NULL ("care_entry_id") in the migration (0030), as care_entries_group_fk
    foreignKey({
      name: 'stock_movements_care_entry_fk',
      columns: [table.farmId, table.careEntryId],
      foreignColumns: [careEntries.farmId, careEntries.id],
    }).onDelete('set null'),
    index('stock_movements_farm_id_lot_id_idx').on(
      table.farmId,
      table.lotId,
      table.occurredOn.desc(),
      table.createdAt.desc(),
    ),
    index('stock_movements_care_entry_idx')
      .on(table.farmId, table.careEntryId)
      .where(sql`${table.careEntryId} is not null`),
    index('stock_movements_recorded_by_idx')
      .on(table.recordedBy)
      .where(sql`${table.recordedBy} is not null`),
  ],
);

/**
 * The farm's money in and out (issue 28; migration 0036 holds the keys and checks, decision 0044):
 * `amount` in the farm's currency, exact to the cent. `animalSaleOf` marks the income of an
 * animal's sale, written by the animals service through the money service (one per animal).
 */
export const moneyEntries = pgTable(
  'money_entries',
  {
    id: uuid('id').notNull(),
    farmId: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    category: text('category').notNull(),
    groupId: uuid('group_id'),
    animalId: uuid('animal_id'),
    quantity: numeric('quantity', { precision: 12, scale: 3 }),
    quantityUnit: text('quantity_unit'),
    note: text('note'),
    animalSaleOf: uuid('animal_sale_of'),
    recordedBy: uuid('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * the entry as the Money list shows it but its three names, JSON text of MoneyEntry, written by
     * a BEFORE trigger (routines/functions/money_entries_item.sql; NOT NULL since migration 0044);
     * never written here
     */
    item: text('item'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.farmId, table.id] }),
    // each ON DELETE SET NULL (its own column) in the migration (0036), as care_entries_group_fk
    foreignKey({
      name: 'money_entries_group_fk',
      columns: [table.farmId, table.groupId],
      foreignColumns: [groups.farmId, groups.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'money_entries_animal_fk',
      columns: [table.farmId, table.animalId],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'money_entries_animal_sale_fk',
      columns: [table.farmId, table.animalSaleOf],
      foreignColumns: [animals.farmId, animals.id],
    }).onDelete('set null'),
    // the list's order whole (migration 0044), as egg_collections'
    index('money_entries_farm_id_occurred_on_idx').on(
      table.farmId,
      table.occurredOn.desc(),
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('money_entries_farm_id_group_id_idx')
      .on(table.farmId, table.groupId, table.occurredOn.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`${table.groupId} is not null`),
    index('money_entries_farm_id_animal_id_idx')
      .on(table.farmId, table.animalId)
      .where(sql`${table.animalId} is not null`),
    uniqueIndex('money_entries_animal_sale_of_unique')
      .on(table.farmId, table.animalSaleOf)
      .where(sql`${table.animalSaleOf} is not null`),
    index('money_entries_recorded_by_idx')
      .on(table.recordedBy)
      .where(sql`${table.recordedBy} is not null`),
  ],
);
