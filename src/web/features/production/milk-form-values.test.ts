// The Record Milk form's schema: blank rows skipped and the rest sent with their ids, messages on the
// inputs they are about, the discarded part sent only for a doe under withdrawal, the server's
// `records.N` field errors placed on the N-th row sent, and the default milking by the farm's clock.
import { describe, expect, it } from 'vitest';
import {
  defaultMilking,
  milkFieldFor,
  milkFormDefaults,
  milkFormSchema,
  type MilkFormSetup,
  type MilkFormValues,
} from './milk-form-values';

const does = [
  { id: '0192e5a0-0000-7000-8000-000000000001', name: 'Daisy' },
  { id: '0192e5a0-0000-7000-8000-000000000002', name: 'Bella' },
  { id: '0192e5a0-0000-7000-8000-000000000003', name: 'Clover' },
];
const ids = [
  '0192e5a0-0000-7000-8000-0000000000a1',
  '0192e5a0-0000-7000-8000-0000000000a2',
  '0192e5a0-0000-7000-8000-0000000000a3',
];
const group: MilkFormSetup = {
  unit: 'lbs',
  groupId: '0192e5a0-0000-7000-8000-0000000000ff',
  ids,
  withdrawn: new Set(),
  single: false,
};

/** The form as typed: each doe's amount and discarded text, by row. */
function typed(rows: [amount: string, discarded?: string][], milkedOn = '2026-11-20'): MilkFormValues {
  const values = milkFormDefaults(milkedOn, 'morning', does.slice(0, rows.length));
  rows.forEach(([amount, discarded = ''], index) =>
    Object.assign(values.does[index]!, { amount, discarded }),
  );
  return values;
}

/** Each issue's path and message, as the resolver puts them on the inputs. */
const issues = (setup: MilkFormSetup, values: MilkFormValues) => {
  const result = milkFormSchema(setup).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the Record Milk form', () => {
  it("sends a group's filled rows only, each with its id, in the form's unit and group", () => {
    const result = milkFormSchema(group).parse(typed([['3.5'], [''], ['2']]));
    expect(result.sent).toEqual([0, 2]);
    expect(result.input).toEqual({
      milkedOn: '2026-11-20',
      milking: 'morning',
      unit: 'lbs',
      groupId: group.groupId,
      records: [
        { id: ids[0], animalId: does[0]!.id, amount: 3.5, discarded: undefined, note: null },
        { id: ids[2], animalId: does[2]!.id, amount: 2, discarded: undefined, note: null },
      ],
    });
  });

  it('asks for at least one amount on a group, and for the amount on one doe', () => {
    expect(issues(group, typed([[''], ['  ']]))).toEqual([['does', 'Enter at least one amount']]);
    const single = { ...group, groupId: null, single: true };
    expect(issues(single, typed([['']]))).toEqual([['does.0.amount', 'Enter the amount']]);
  });

  it("says the API's rules under the row they are about", () => {
    expect(issues(group, typed([['0'], ['2.555'], ['abc']]))).toEqual([
      ['does.0.amount', 'Amount must be at least 0.01'],
      ['does.1.amount', 'Amount can have at most 2 decimal places'],
      ['does.2.amount', 'Amount must be a number'],
    ]);
    expect(issues(group, typed([['1']], ''))).toEqual([['milkedOn', 'Choose a date']]);
  });

  it('sends the part discarded only for a doe under withdrawal, never more than her milk', () => {
    const withdrawn = { ...group, withdrawn: new Set([does[0]!.id]) };
    const records = milkFormSchema(withdrawn).parse(
      typed([
        ['3.5', '1.5'],
        ['4', '4'],
      ]),
    ).input.records;
    expect(records.map((record) => record.discarded)).toEqual([1.5, undefined]);
    // blank: the server discards all of it
    expect(milkFormSchema(withdrawn).parse(typed([['3.5', '']])).input.records[0]?.discarded).toBeUndefined();
    expect(issues(withdrawn, typed([['3.5', '4']]))).toEqual([
      ['does.0.discarded', 'Discarded cannot be more than the amount'],
    ]);
  });

  it("places the server's field errors on the row that was sent N-th", () => {
    const fieldFor = milkFieldFor([0, 2]);
    expect(fieldFor('records.1.amount')).toBe('does.2.amount');
    expect(fieldFor('records.1.animalId')).toBe('does.2.amount');
    expect(fieldFor('records.0.discarded')).toBe('does.0.discarded');
    expect(fieldFor('records.0.note')).toBe('note');
    expect(fieldFor('milkedOn')).toBe('milkedOn');
    expect(fieldFor('records.5.amount')).toBeUndefined();
    expect(fieldFor('unit')).toBeUndefined();
  });

  it("starts on Morning before noon and Evening after, by the farm's clock", () => {
    const at = new Date('2026-11-20T15:30:00Z');
    expect(defaultMilking('America/Chicago', at)).toBe('morning'); // 09:30 there
    expect(defaultMilking('Europe/Berlin', at)).toBe('evening'); // 16:30 there
    expect(defaultMilking('Not/AZone', at)).toMatch(/^(morning|evening)$/);
  });
});
