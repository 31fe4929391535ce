// A milking recorded with no signal, as the outbox keeps it: the request, and how the doe's and the
// group's milk show it until the server has it ('Waiting to sync').
import { milkingLabels, type MilkRecordCreate, type MilkUnit } from '../../../shared/schemas/milk';
import { roundMilk } from '../../../shared/units/milk';
import type { NewChange } from '../../lib/outbox';
import { formatNumber } from '../../../shared/units/numbers';

/** 'Milk 3.5 lbs, Morning · Daisy', 'Milk 10.25 lbs, Evening · Milkers (3 does)' */
export function milkSummary(input: MilkRecordCreate, unit: MilkUnit, subject: string): string {
  const total = roundMilk(input.records.reduce((sum, record) => sum + record.amount, 0));
  const count = input.records.length;
  const who = input.groupId ? `${subject} (${count} ${count === 1 ? 'doe' : 'does'})` : subject;
  return `Milk ${formatNumber(total)} ${input.unit ?? unit}, ${milkingLabels[input.milking]} · ${who}`;
}

/** Kept under its first record's id: the records' ids make a second copy the same milking. */
export function pendingMilk(input: MilkRecordCreate, unit: MilkUnit, subject: string): NewChange {
  return {
    kind: 'milk-records',
    id: input.records[0]?.id ?? crypto.randomUUID(),
    input,
    summary: milkSummary(input, unit, subject),
    animalIds: input.records.map((record) => record.animalId),
    groupIds: input.groupId ? [input.groupId] : [],
  };
}
