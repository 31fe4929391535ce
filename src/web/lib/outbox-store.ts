// The outbox's records on the device, as both of their writers make them: the app (lib/outbox.ts,
// which also sends them) and the service worker (sw.ts: 'Done' tapped on a notification with no
// signal). One IndexedDB store, one record shape; nothing here may need the page (no React, no
// query client), since the worker imports it.
import { createStore, get, set, update } from 'idb-keyval';
import type { AnimalCreate } from '../../shared/schemas/animals';
import type { CareEntryCreate } from '../../shared/schemas/care';
import type { MilkRecordCreate } from '../../shared/schemas/milk';
import type { EggCollectionCreate } from '../../shared/schemas/production';

export type Write =
  | { kind: 'care-entry'; input: CareEntryCreate & { batchId: string } }
  | { kind: 'animal'; input: AnimalCreate & { id: string } }
  | { kind: 'egg-collection'; input: EggCollectionCreate & { id: string } }
  | { kind: 'milk-records'; input: MilkRecordCreate }
  | { kind: 'reminder-done'; input: { reminderId: string } };

/** What a form hands over: the write, and how the lists show it while it waits. */
export type NewChange = Write & {
  /** the id the server stores it under: a second copy of the change is the same change */
  id: string;
  /** what it is, for the lists and the banner: 'Weight 42 kg', 'Note: Limping' */
  summary: string;
  /** the animals and groups whose pages show it as 'Waiting to sync' */
  animalIds: string[];
  groupIds: string[];
};

export type Change = NewChange & {
  /** the order it was made in */
  seq: number;
  /** whose it is: sent only while that person is signed in */
  userId: string;
  recordedAt: string;
  /** the server's reason for refusing it; kept until the user dismisses it */
  refused?: string;
};

/** The changes, one record each under its id. */
export const outboxStore = createStore('paddock-outbox', 'changes');

/** The BroadcastChannel on which a writer says 'changed', so that open tabs read the store again. */
export const outboxChannel = 'paddock-outbox';

let lastSeq = 0;
const nextSeq = () => (lastSeq = Math.max(Date.now() * 1000, lastSeq + 1));

/** Keeps the change on the device, once: the same id again is the same change, left as it was. */
export function storeChange(change: NewChange, userId: string): Promise<void> {
  return update<Change>(
    change.id,
    (existing) => existing ?? { ...change, seq: nextSeq(), userId, recordedAt: new Date().toISOString() },
    outboxStore,
  );
}

/**
 * 'Done' on a reminder, from its list (which knows its animal or group) or from a notification
 * (which knows only its title): one change per reminder, whoever made it first.
 */
export const reminderDone = (
  reminderId: string,
  title: string,
  owner: { animalIds?: string[]; groupIds?: string[] } = {},
): NewChange => ({
  kind: 'reminder-done',
  id: `done:${reminderId}`,
  input: { reminderId },
  summary: `Done: ${title}`,
  animalIds: owner.animalIds ?? [],
  groupIds: owner.groupIds ?? [],
});

// Who last signed in on this device: the worker, which has no session of its own to read, keeps a
// notification's 'Done' as theirs (sent when they are signed in, like the app's own changes).
const device = createStore('paddock-device', 'state');

export const rememberSignedIn = (userId: string): Promise<void> => set('user', userId, device);

export const lastSignedIn = (): Promise<string | undefined> => get<string>('user', device);
