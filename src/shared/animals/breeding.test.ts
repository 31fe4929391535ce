import { describe, expect, it } from 'vitest';
import { birthReminderDue, defaultGestationDays, expectedBirth } from './breeding';

describe('expectedBirth', () => {
  it('adds the gestation in calendar days, across month and year ends', () => {
    expect(expectedBirth('2026-03-01', defaultGestationDays.Goat!)).toBe('2026-07-29');
    expect(expectedBirth('2026-10-01', defaultGestationDays.Sheep!)).toBe('2027-02-25');
    expect(expectedBirth('2026-12-31', defaultGestationDays.Rabbit!)).toBe('2027-01-31');
  });

  it('counts February 29 in a leap year and not in others', () => {
    expect(expectedBirth('2024-01-01', 150)).toBe('2024-05-30');
    expect(expectedBirth('2025-01-01', 150)).toBe('2025-05-31');
    expect(expectedBirth('2027-09-01', defaultGestationDays.Cattle!)).toBe('2028-06-10');
  });
});

describe('birthReminderDue', () => {
  it('falls a week before the expected birth', () => {
    expect(birthReminderDue('2026-07-29', '2026-03-01')).toBe('2026-07-22');
    expect(birthReminderDue('2028-03-06', '2027-01-01')).toBe('2028-02-28');
    expect(birthReminderDue('2024-03-06', '2023-12-01')).toBe('2024-02-28');
    expect(birthReminderDue('2024-03-07', '2023-12-01')).toBe('2024-02-29');
  });

  it('is today when that week has begun, never in the past', () => {
    expect(birthReminderDue('2026-07-29', '2026-07-25')).toBe('2026-07-25');
    expect(birthReminderDue('2026-07-29', '2026-07-22')).toBe('2026-07-22');
    expect(birthReminderDue('2026-07-29', '2026-08-02')).toBe('2026-08-02');
  });
});

it('knows the gestation of every built-in mammal the product names', () => {
  expect(defaultGestationDays).toEqual({
    Goat: 150,
    Sheep: 147,
    Pig: 114,
    Cattle: 283,
    Horse: 340,
    Donkey: 365,
    Alpaca: 345,
    Llama: 350,
    Rabbit: 31,
  });
});
