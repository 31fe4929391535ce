// Every table of the schema in foreign-key order (parents first): the order a backup writes them
// and a restore inserts them. backup.test.ts fails if a table of schema.ts is missing here.
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import {
  account,
  animalGroups,
  animals,
  breedings,
  calendarFeeds,
  dailyEmails,
  eggCollections,
  groupLog,
  careEntries,
  invitations,
  knownDevices,
  medicineLots,
  medicines,
  farmMembers,
  farms,
  farmVersions,
  groups,
  milkRecords,
  moneyEntries,
  profiles,
  pushClaims,
  pushSubscriptions,
  rateLimit,
  recordShares,
  reminderAnimals,
  reminders,
  session,
  species,
  speciesGestation,
  stockMovements,
  user,
  verification,
} from '../db/schema';

const ordered: PgTable[] = [
  user,
  session,
  account,
  verification,
  rateLimit,
  knownDevices,
  farms,
  // each farm's version (decision 0062): restored as it was, as the farm's rows are
  farmVersions,
  farmMembers,
  invitations,
  profiles,
  dailyEmails,
  species,
  speciesGestation,
  groups,
  animals,
  animalGroups,
  // the medicine cabinet's medicines and lots before the care entries given from them (migration 0032)
  medicines,
  medicineLots,
  careEntries,
  // derived from care_entries, animal_groups and names by triggers, which a restore turns off: restored as backed up
  groupLog,
  reminders,
  reminderAnimals,
  breedings,
  eggCollections,
  milkRecords,
  // each lot's stock movements, after the care entries some of them name
  stockMovements,
  // the farm's money, after the groups and animals it names
  moneyEntries,
  recordShares,
  calendarFeeds,
  // a person's devices and the notification run's claims, after the farm's people
  pushSubscriptions,
  pushClaims,
];

/**
 * Tables a backup leaves out on purpose: mail_queue holds email on its way out (with sign-in
 * links), which a restore must not send again days later; paddock_routines is the migration
 * step's bookkeeping (decision 0034), which the target database keeps for its own routines.
 */
export const notBackedUp: readonly string[] = ['mail_queue', 'paddock_routines'];

export const backupTableNames: readonly string[] = ordered.map((table) => getTableConfig(table).name);

/** Each table's columns a restore writes: all but the generated ones (the database computes those). */
export const writableColumns: ReadonlyMap<string, string[]> = new Map(
  ordered.map((table) => {
    const config = getTableConfig(table);
    return [config.name, config.columns.filter((column) => !column.generated).map((column) => column.name)];
  }),
);

export { queryRows } from '../db/sql-text';

/** A table name as an SQL identifier ("user" is a reserved word). */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The photo files of one photo key, as animals.routes.ts writes them (`${key}/${size}.webp`). */
export const photoFilesOf = (photoKey: string) => [`${photoKey}/display.webp`, `${photoKey}/thumb.webp`];

export const archiveFormat = 'paddock-backup';
export const archiveVersion = 1;

export type BackupManifest = {
  format: typeof archiveFormat;
  version: number;
  createdAt: string;
  /** hash of the last database migration applied: a restore needs the same schema */
  migration: string;
  tables: { name: string; rows: number }[];
  photos: string[];
  /** photo files that rows point at but that were gone while the backup ran */
  missingPhotos: string[];
};
