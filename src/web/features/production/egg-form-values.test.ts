// The egg collection form's schema: what a person types becomes the API's input, checked by the
// API's rules and the form's own (the farm's today, no part above the eggs), each message on its
// field; an edit sends only what changed.
import { describe, expect, it } from 'vitest';
import type { EggCollection } from '../../../shared/schemas/production';
import { eggFormDefaults, eggFormSchema, type EggFormSetup, type EggFormValues } from './egg-form-values';
import { groupWithHens } from './hens';

const id = '0190a000-0000-7000-8000-000000000001';
const groupId = '0190a000-0000-7000-8000-000000000002';
const today = '2026-11-24';

/** Each field's message, or the form's output when it is valid. */
function check(setup: EggFormSetup, values: Partial<EggFormValues>) {
  const result = eggFormSchema(setup).safeParse({ ...eggFormDefaults(setup, groupId), ...values });
  if (result.success) return result.data;
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a new collection', () => {
  const setup = { id, today };

  it('starts on the farm’s today, with the group chosen and nothing typed', () => {
    expect(eggFormDefaults(setup, groupId)).toEqual({
      groupId,
      collectedOn: today,
      eggs: '',
      cracked: '',
      dirty: '',
      small: '',
      discarded: '',
      note: '',
    });
  });

  it('sends the count with its id; blank parts are none, and a blank Discarded is the server’s to decide', () => {
    expect(check(setup, { eggs: '12', note: '  Two soft shells ' })).toEqual({
      kind: 'create',
      input: {
        id,
        groupId,
        collectedOn: today,
        eggs: 12,
        cracked: null,
        dirty: null,
        small: null,
        discarded: undefined,
        note: 'Two soft shells',
      },
    });
    expect(check(setup, { eggs: '12', discarded: '5', small: '3' })).toMatchObject({
      input: { eggs: 12, discarded: 5, small: 3 },
    });
  });

  it('says every problem at once, each on its field', () => {
    expect(check(setup, { groupId: '', eggs: '', collectedOn: '2026-11-25' })).toEqual({
      groupId: 'Choose a group',
      eggs: 'Enter the number of eggs',
      collectedOn: 'Collection date cannot be in the future',
    });
    expect(check(setup, { eggs: '10', cracked: '11', discarded: '12', dirty: 'two' })).toEqual({
      dirty: 'Dirty must be a whole number',
      cracked: 'Cannot be more than the eggs collected (10)',
      discarded: 'Cannot be more than the eggs collected (10)',
    });
    expect(check(setup, { eggs: '10', small: '1.5' })).toEqual({ small: 'Small must be a whole number' });
    expect(check(setup, { eggs: '10001', collectedOn: '' })).toEqual({
      eggs: 'Eggs must be at most 10000',
      collectedOn: 'Choose a date',
    });
  });
});

describe('an edit', () => {
  const collection: EggCollection = {
    id,
    // its group was deleted: the edit still works, and the group is not sent
    groupId: null,
    groupName: null,
    collectedOn: '2026-11-20',
    eggs: 10,
    cracked: null,
    dirty: 2,
    small: null,
    discarded: 10,
    saleable: 0,
    note: 'Hen 4 under withdrawal',
    recordedBy: 'Sam',
    recordedById: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
  };
  const setup = { id, today, collection };

  it('sends nothing when nothing changed', () => {
    expect(check(setup, {})).toEqual({ kind: 'update', changes: {} });
  });

  it('sends what changed only: a cleared part and note become none', () => {
    expect(check(setup, { eggs: '12', dirty: '', note: ' ' })).toEqual({
      kind: 'update',
      changes: { eggs: 12, dirty: null, note: null },
    });
    expect(check(setup, { discarded: '4', collectedOn: '2026-11-21' })).toEqual({
      kind: 'update',
      changes: { discarded: 4, collectedOn: '2026-11-21' },
    });
  });

  it('checks the parts against the eggs as typed', () => {
    expect(check(setup, { eggs: '8' })).toEqual({ discarded: 'Cannot be more than the eggs collected (8)' });
  });
});

describe('the group chosen when Collect Eggs opens from My Herd', () => {
  const hen = { sex: 'female', speciesName: 'Chicken' } as const;
  const animal = (groupIds: string[], looks: { sex: 'female' | 'male'; speciesName: string }) =>
    ({ id: groupIds.join(), name: 'x', groupIds, ...looks }) as never;

  it('is the first group with a hen, else the only group, else none', () => {
    const groups = [{ id: 'goats' }, { id: 'cockerels' }, { id: 'layers' }];
    expect(
      groupWithHens(groups, [
        animal(['goats'], { sex: 'female', speciesName: 'Goat' }),
        animal(['cockerels'], { sex: 'male', speciesName: 'Chicken' }),
        animal(['layers'], hen),
      ]),
    ).toBe('layers');
    expect(groupWithHens([{ id: 'goats' }], [])).toBe('goats');
    expect(groupWithHens(groups, [])).toBe('');
  });
});
