// Breeding rules shared by the server and the browser: how long each built-in species carries its
// young, when a birth is expected, and when its reminder falls.
import { addDays } from '../care/dates';

/** Days from breeding to birth for the built-in species (PRODUCT.md); a farm may keep its own. */
export const defaultGestationDays: Readonly<Record<string, number>> = {
  Goat: 150,
  Sheep: 147,
  Pig: 114,
  Cattle: 283,
  Horse: 340,
  Donkey: 365,
  Alpaca: 345,
  Llama: 350,
  Rabbit: 31,
};

export const gestationLimits = { min: 1, max: 400 } as const;

/** The day a birth is expected: the breeding date plus the gestation, in calendar days. */
export const expectedBirth = (bredOn: string, gestationDays: number): string =>
  addDays(bredOn, gestationDays);

/** How many days before the expected birth its reminder is due. */
export const birthReminderLead = 7;

/**
 * The reminder's due date: a week before the expected birth, or the farm's today when that week
 * has already begun (a breeding recorded late still gets its reminder, never one in the past).
 */
export function birthReminderDue(expectedOn: string, today: string): string {
  const due = addDays(expectedOn, -birthReminderLead);
  return due < today ? today : due;
}
