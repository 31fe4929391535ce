import { describe, expect, it } from 'vitest';
import { addMonths, dateInZone, shortDate, usDate } from './dates';
import {
  cut,
  isCut,
  isOverdue,
  medicationReminderTitle,
  latestReminderDate,
  nextDueAfterDone,
  nextOccurrence,
  possessive,
  reminderTypeLabel,
  reminderBadge,
  reminderDateProblem,
  snoozedDueDate,
  weightReminderTitle,
  withoutReminderWord,
} from './rules';

describe('today in the farm’s time zone', () => {
  // 2026-03-10 09:30 UTC is still the 9th at UTC-10 (Honolulu) and already the 10th at UTC+13.
  const instant = new Date('2026-03-10T09:30:00Z');
  it('is a different calendar day either side of the date line', () => {
    expect(dateInZone(instant, 'Pacific/Honolulu')).toBe('2026-03-09');
    expect(dateInZone(instant, 'Pacific/Tongatapu')).toBe('2026-03-10');
    expect(dateInZone(new Date('2026-03-10T10:59:00Z'), 'Pacific/Tongatapu')).toBe('2026-03-10');
    expect(dateInZone(new Date('2026-03-10T11:00:00Z'), 'Pacific/Tongatapu')).toBe('2026-03-11');
    expect(dateInZone(new Date('2026-03-10T09:59:00Z'), 'Pacific/Honolulu')).toBe('2026-03-09');
    expect(dateInZone(new Date('2026-03-10T10:00:00Z'), 'Pacific/Honolulu')).toBe('2026-03-10');
  });

  it('gives the same reminder different badges at the same instant on two farms', () => {
    const due = '2026-03-10';
    expect(reminderBadge(due, dateInZone(instant, 'Pacific/Honolulu')).label).toBe('Tomorrow');
    expect(reminderBadge(due, dateInZone(instant, 'Pacific/Tongatapu')).label).toBe('Today');
    expect(reminderBadge('2026-03-09', dateInZone(instant, 'Pacific/Tongatapu')).label).toBe('Overdue');
    expect(reminderBadge('2026-03-09', dateInZone(instant, 'Pacific/Honolulu')).label).toBe('Today');
  });
});

describe('reminder badge', () => {
  it('says Today, Tomorrow, Overdue or the date', () => {
    expect(reminderBadge('2026-11-22', '2026-11-22')).toEqual({ label: 'Today', tone: 'today' });
    expect(reminderBadge('2026-11-23', '2026-11-22')).toEqual({ label: 'Tomorrow', tone: 'tomorrow' });
    expect(reminderBadge('2026-11-21', '2026-11-22')).toEqual({ label: 'Overdue', tone: 'overdue' });
    expect(reminderBadge('2026-12-04', '2026-11-22')).toEqual({ label: 'Dec 4', tone: 'upcoming' });
    expect(reminderBadge('2027-01-01', '2026-12-31').label).toBe('Tomorrow'); // across a year
    expect(isOverdue('2026-11-21', '2026-11-22')).toBe(true);
    expect(isOverdue('2026-11-22', '2026-11-22')).toBe(false);
  });
});

describe('a reminder date is not before the farm’s today', () => {
  it('refuses yesterday with the message of the field that holds it, and allows today on', () => {
    expect(reminderDateProblem('dueDate', '2026-11-21', '2026-11-22')).toBe(
      'The due date cannot be earlier than today',
    );
    expect(reminderDateProblem('nextDueDate', '2025-12-31', '2026-01-01')).toBe(
      'The reminder date cannot be earlier than today',
    );
    expect(reminderDateProblem('dueDate', '2026-11-22', '2026-11-22')).toBeUndefined();
    expect(reminderDateProblem('nextDueDate', '2027-01-01', '2026-12-31')).toBeUndefined();
  });

  it('leaves a blank or malformed date to the schemas', () => {
    for (const date of [null, undefined, '', 'not a date'])
      expect(reminderDateProblem('nextDueDate', date, '2026-11-22')).toBeUndefined();
  });
});

describe('a reminder date is within ten years of the farm’s today', () => {
  it('allows the last day ten years on and refuses the next, with the field’s message', () => {
    expect(latestReminderDate('2026-11-22')).toBe('2036-11-22');
    expect(latestReminderDate('2028-02-29')).toBe('2038-02-28');
    expect(reminderDateProblem('dueDate', '2036-11-22', '2026-11-22')).toBeUndefined();
    expect(reminderDateProblem('dueDate', '2036-11-23', '2026-11-22')).toBe(
      'The due date must be within ten years',
    );
    expect(reminderDateProblem('nextDueDate', '9999-12-31', '2026-11-22')).toBe(
      'The reminder date must be within ten years',
    );
  });
});

describe('repeat from the due date or from the day done', () => {
  const every = (repeatEvery: number, repeatUnit: 'day' | 'week' | 'month', repeatFrom: 'due' | 'done') =>
    ({ dueDate: '2026-03-01', repeatEvery, repeatUnit, repeatFrom }) as const;

  it('from the day done: the interval after doneOn, early or late', () => {
    expect(nextDueAfterDone(every(8, 'week', 'done'), '2026-03-10')).toBe('2026-05-05');
    expect(nextDueAfterDone(every(1, 'day', 'done'), '2026-02-20')).toBe('2026-02-21');
    expect(nextDueAfterDone({ ...every(1, 'month', 'done'), dueDate: '2026-01-31' }, '2026-01-31')).toBe(
      '2026-02-28',
    );
  });

  it('from the due date: a late Done keeps the schedule, a very late one skips to the next date ahead', () => {
    // due Mar 1, every week: done Mar 3 → Mar 8 (not Mar 10)
    expect(nextDueAfterDone(every(1, 'week', 'due'), '2026-03-03')).toBe('2026-03-08');
    // done on the due date or early: the next date of the schedule
    expect(nextDueAfterDone(every(1, 'week', 'due'), '2026-03-01')).toBe('2026-03-08');
    expect(nextDueAfterDone(every(1, 'week', 'due'), '2026-02-25')).toBe('2026-03-08');
    // done on a later date of the schedule: the one after it
    expect(nextDueAfterDone(every(1, 'week', 'due'), '2026-03-08')).toBe('2026-03-15');
    // three weeks late: skips to the first date after doneOn
    expect(nextDueAfterDone(every(1, 'week', 'due'), '2026-03-23')).toBe('2026-03-29');
    expect(nextDueAfterDone(every(3, 'day', 'due'), '2026-03-05')).toBe('2026-03-07');
  });

  it('from the due date by months, month ends included', () => {
    const jan31 = { dueDate: '2026-01-31', repeatEvery: 1, repeatUnit: 'month', repeatFrom: 'due' } as const;
    expect(nextDueAfterDone(jan31, '2026-01-31')).toBe('2026-02-28');
    expect(nextDueAfterDone(jan31, '2026-02-10')).toBe('2026-02-28');
    expect(nextDueAfterDone(jan31, '2026-03-01')).toBe('2026-03-31');
    expect(nextDueAfterDone({ ...jan31, dueDate: '2028-01-31' }, '2028-02-01')).toBe('2028-02-29');
    // a year's vaccination done 14 months late: the next anniversary still ahead
    expect(
      nextDueAfterDone(
        { dueDate: '2025-04-15', repeatEvery: 12, repeatUnit: 'month', repeatFrom: 'due' },
        '2026-06-01',
      ),
    ).toBe('2027-04-15');
    expect(
      nextDueAfterDone(
        { dueDate: '2026-04-15', repeatEvery: 3, repeatUnit: 'month', repeatFrom: 'due' },
        '2026-04-14',
      ),
    ).toBe('2026-07-15');
  });
});

describe('snooze and type labels', () => {
  it('snoozes from the later of the due date and today', () => {
    expect(snoozedDueDate('2026-11-10', '2026-11-22', 'day')).toBe('2026-11-23');
    expect(snoozedDueDate('2026-11-10', '2026-11-22', 'week')).toBe('2026-11-29');
    expect(snoozedDueDate('2026-12-30', '2026-11-22', 'day')).toBe('2026-12-31');
    expect(snoozedDueDate('2026-12-30', '2026-11-22', 'week')).toBe('2027-01-06');
  });

  it('shows the type label only when the title does not start with it', () => {
    expect(reminderTypeLabel('medical', 'Heartworm - Goats')).toBe('Medical');
    expect(reminderTypeLabel('weight', 'Weight Check - Daisy')).toBeNull();
    expect(reminderTypeLabel('feeding', 'feeding the hens')).toBeNull();
    expect(reminderTypeLabel('general', 'Fix the fence')).toBe('General');
  });
});

describe('titles and text', () => {
  it('names reminders as the first sketch did, and cards drop the word Reminder', () => {
    expect(medicationReminderTitle('Heartworm', 'Clover')).toBe('Heartworm Reminder - Clover');
    expect(weightReminderTitle('Clover')).toBe('Weight Check Reminder - Clover');
    expect(withoutReminderWord('Heartworm Reminder - Clover')).toBe('Heartworm - Clover');
    expect(withoutReminderWord('Weight Check Reminder - Clover')).toBe('Weight Check - Clover');
    expect(withoutReminderWord('Feed the hens')).toBe('Feed the hens');
  });

  it('cuts details at 50 characters', () => {
    expect(cut('short')).toBe('short');
    expect(cut('x'.repeat(50))).toBe('x'.repeat(50));
    expect(cut('x'.repeat(51))).toBe(`${'x'.repeat(50)}...`);
    expect(isCut('x'.repeat(50))).toBe(false);
    expect(isCut('x'.repeat(51))).toBe(true);
  });

  it('cuts at a word boundary, never through a date or a word, when a space is near', () => {
    // '12/11/2026' spans characters 45..54: the cut falls before it, not at '12/11'
    const note = 'Gave the second dose of the dewormer, next on 12/11/2026 at the barn';
    expect(note.indexOf('12/11/2026')).toBe(46);
    expect(cut(note)).toBe('Gave the second dose of the dewormer, next on...');
    // a word ending exactly at the limit stays whole
    const exact = `${'a'.repeat(45)} word more`;
    expect(cut(exact)).toBe(`${'a'.repeat(45)} word...`);
    // a space just before the limit: the last word is left out, not cut
    expect(cut(`${'b'.repeat(48)} longword`)).toBe(`${'b'.repeat(48)}...`);
    // no space near the limit (one long token): cut at the limit
    expect(cut(`ab ${'c'.repeat(60)}`)).toBe(`ab ${'c'.repeat(47)}...`);
    // another limit
    expect(cut('one two three four', 10)).toBe('one two...');
    expect(cut('one two three four'.repeat(1), 100)).toBe('one two three four');
  });

  it('formats dates US style and short', () => {
    expect(usDate('2026-03-04')).toBe('03/04/26');
    expect(shortDate('2026-03-04')).toBe('Mar 4');
  });
});

describe('repeats', () => {
  it('schedules the next one from the day it was done', () => {
    expect(nextOccurrence('2026-11-22', 1, 'day')).toBe('2026-11-23');
    expect(nextOccurrence('2026-11-22', 2, 'week')).toBe('2026-12-06');
    expect(nextOccurrence('2026-12-31', 1, 'day')).toBe('2027-01-01');
    expect(nextOccurrence('2026-01-31', 1, 'month')).toBe('2026-02-28');
    expect(nextOccurrence('2028-01-31', 1, 'month')).toBe('2028-02-29');
    expect(nextOccurrence('2026-11-15', 3, 'month')).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});

describe('possessive', () => {
  it("writes Goats' Log and Daisy's Log", () => {
    expect(possessive('Goats')).toBe("Goats'");
    expect(possessive('HENS')).toBe("HENS'");
    expect(possessive('Daisy')).toBe("Daisy's");
    expect(possessive('Layer flock 2')).toBe("Layer flock 2's");
  });
});
