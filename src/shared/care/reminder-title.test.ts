// One title per reminder (issue 24): what is due, then who for, never the name twice.
import { describe, expect, it } from 'vitest';
import { medicationReminderTitle, weightReminderTitle } from './rules';
import { reminderTitle, reminderWhat } from './reminder-title';

describe('a reminder’s one title', () => {
  it('names the animal or group once, whatever made the title', () => {
    const daisy = (title: string) => ({ title, animalName: 'Daisy', groupName: null });
    expect(reminderTitle(daisy(medicationReminderTitle('Penicillin', 'Daisy')))).toBe('Penicillin — Daisy');
    expect(reminderTitle(daisy(weightReminderTitle('Daisy')))).toBe('Weight Check — Daisy');
    expect(reminderTitle(daisy('Birth expected Jul 29, 2026: Daisy'))).toBe(
      'Birth expected Jul 29, 2026 — Daisy',
    );
    expect(reminderTitle(daisy('Daisy'))).toBe('Daisy');
    expect(reminderTitle(daisy('Worm Daisy today'))).toBe('Worm Daisy today');
    expect(reminderTitle(daisy('Trim hooves'))).toBe('Trim hooves — Daisy');
    expect(reminderTitle({ title: 'Dewormer Reminder - Laying Hens', groupName: 'Laying Hens' })).toBe(
      'Dewormer — Laying Hens',
    );
    expect(reminderTitle({ title: 'Feed Rambo', animalName: 'Bo' })).toBe('Feed Rambo — Bo');
    expect(reminderTitle({ title: 'Order hay' })).toBe('Order hay');
    // a name is matched as text, never as a pattern
    expect(reminderTitle({ title: 'Check (a.k.a.) [x]', animalName: '(a.k.a.) [x]' })).toBe(
      'Check (a.k.a.) [x]',
    );
    expect(reminderTitle({ title: 'Check a.k.a', animalName: '.*' })).toBe('Check a.k.a — .*');
  });

  it('leaves what is due for the app to show beside its link to the animal or group', () => {
    expect(reminderWhat({ title: 'Penicillin Reminder - Daisy', animalName: 'Daisy' })).toBe('Penicillin');
    expect(reminderWhat({ title: 'Daisy', animalName: 'Daisy' })).toBe('Daisy');
    expect(reminderWhat({ title: 'Trim hooves', groupName: 'Goats' })).toBe('Trim hooves');
    expect(reminderWhat({ title: 'Feed Rambo', animalName: 'Bo' })).toBe('Feed Rambo');
    expect(reminderWhat({ title: 'Milk the goats', groupName: 'Goats' })).toBe('Milk the goats');
    expect(reminderTitle({ title: 'Milk the goats', groupName: 'Goats' })).toBe('Milk the goats');
  });
});
