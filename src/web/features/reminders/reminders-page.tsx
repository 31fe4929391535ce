// /reminders: every active reminder, as a month calendar (the default) or a list by due date. The
// choice is kept in the address (?view=list, so a reload and Back keep it) and remembered for the
// next visit. '+ New Reminder' shows for those whose role may add one.
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, List } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { isOverdue } from '../../../shared/care/rules';
import type { Reminder } from '../../../shared/schemas/care';
import { Loading, LoadError } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { useFarmToday } from '../../hooks/use-farm-today';
import { longDate, monthStart } from '../../lib/dates';
import { useCan } from '../../lib/farm';
import { remindersQuery } from './api/reminders';
import { MonthCalendar, type DayMark } from './components/month-calendar';
import { plural } from './reminder-format';
import { ReminderList } from './components/reminder-item';

type View = 'calendar' | 'list';
const viewKey = 'paddock.reminders.view';

function rememberedView(): View | null {
  try {
    const value = window.localStorage.getItem(viewKey);
    return value === 'list' || value === 'calendar' ? value : null;
  } catch {
    return null; // storage blocked: the default
  }
}

/** The view in the address, else the one chosen last time, else the calendar (SPEC's default). */
function useView(): [View, (view: View) => void] {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('view');
  const view: View =
    inAddress === 'list' || inAddress === 'calendar' ? inAddress : (rememberedView() ?? 'calendar');
  const setView = (next: View) => {
    try {
      window.localStorage.setItem(viewKey, next);
    } catch {
      // storage blocked: the address still keeps it
    }
    setParams(
      (previous) => {
        const changed = new URLSearchParams(previous);
        changed.set('view', next);
        return changed;
      },
      { replace: true },
    );
  };
  return [view, setView];
}

const viewOptions = [
  { value: 'calendar', label: 'Calendar', Icon: CalendarDays },
  { value: 'list', label: 'List', Icon: List },
] as const;

function CalendarView({
  reminders,
  today,
  onShowList,
}: {
  reminders: Reminder[];
  today: string;
  onShowList: () => void;
}) {
  // null: follow today (it is known in the farm's zone only once the profile has loaded)
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [chosenMonth, setChosenMonth] = useState<string | null>(null);
  const selected = chosenDay ?? today;
  const month = chosenMonth ?? monthStart(selected);

  const marks = useMemo(() => {
    const byDay = new Map<string, DayMark>();
    for (const reminder of reminders) {
      const mark = byDay.get(reminder.dueDate) ?? { count: 0, overdue: false };
      byDay.set(reminder.dueDate, {
        count: mark.count + 1,
        overdue: mark.overdue || isOverdue(reminder.dueDate, today),
      });
    }
    return byDay;
  }, [reminders, today]);
  const dayReminders = reminders.filter((reminder) => reminder.dueDate === selected);
  const overdueCount = reminders.filter((reminder) => isOverdue(reminder.dueDate, today)).length;

  const select = (date: string) => {
    setChosenDay(date);
    setChosenMonth(monthStart(date));
  };
  const showingToday = selected === today && month === monthStart(today);

  return (
    // from 1024 px the month sits beside the chosen day's reminders
    <div className="space-y-4 lg:grid lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start lg:gap-6 lg:space-y-0">
      <div className="space-y-4">
        <section aria-label="Calendar" className={`${cardClasses} space-y-2 px-2 sm:px-4`}>
          <MonthCalendar
            month={month}
            selected={selected}
            today={today}
            marks={marks}
            onSelect={select}
            onMonthChange={setChosenMonth}
          />
          <div className="flex flex-wrap items-center justify-between gap-2 px-2 text-xs text-stone-600">
            <p className="flex items-center gap-3">
              <span className="inline-flex items-center gap-1">
                <span aria-hidden className="size-1.5 rounded-full bg-brand-700" /> Reminders due
              </span>
              <span className="inline-flex items-center gap-1">
                <span aria-hidden className="size-1.5 rounded-full bg-red-700" /> Overdue
              </span>
            </p>
            {!showingToday && (
              <button
                type="button"
                onClick={() => {
                  setChosenDay(null);
                  setChosenMonth(null);
                }}
                className="inline-flex min-h-8 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                Go to today
              </button>
            )}
          </div>
        </section>

        {overdueCount > 0 && (
          <p className="flex flex-wrap items-center gap-x-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {plural(overdueCount, 'reminder')} overdue.
            <button
              type="button"
              onClick={onShowList}
              className="inline-flex min-h-8 items-center font-medium underline underline-offset-4"
            >
              View overdue
            </button>
          </p>
        )}
      </div>

      <section aria-labelledby="day-heading" className="space-y-2">
        <h2 id="day-heading" className="text-base font-semibold">
          {longDate(selected)}
          {selected === today && <span className="font-normal text-stone-600"> (today)</span>}
        </h2>
        {dayReminders.length === 0 ? (
          <p className={`${cardClasses} text-center text-sm text-stone-600`}>No reminders for this date</p>
        ) : (
          <ReminderList reminders={dayReminders} today={today} />
        )}
      </section>
    </div>
  );
}

function ListView({ reminders, today }: { reminders: Reminder[]; today: string }) {
  if (reminders.length === 0) {
    return (
      <div className={`${cardClasses} space-y-2 py-8 text-center`}>
        <h2 className="text-lg font-semibold">No Active Reminders</h2>
        <p className="text-sm text-stone-600">
          Create care entries with future reminder dates to see them here
        </p>
      </div>
    );
  }
  return (
    <section aria-labelledby="list-heading" className="space-y-2">
      <h2 id="list-heading" className="sr-only">
        Every reminder, soonest first
      </h2>
      <ReminderList reminders={reminders} today={today} />
    </section>
  );
}

export default function RemindersPage() {
  const [view, setView] = useView();
  const reminders = useQuery(remindersQuery());
  const { today } = useFarmToday();
  const canAdd = useCan('member');

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-700">
          {reminders.isSuccess && (
            <>
              {plural(reminders.data.items.length, 'active reminder')}
              {reminders.data.nextOffset !== null && ' (the first 100 by due date)'}
            </>
          )}
        </p>
        {canAdd && (
          <Link href="/reminders/new" className={`${buttonBase} ${buttonClasses.primary}`}>
            + New Reminder
          </Link>
        )}
      </div>
      <SegmentedToggle label="Show reminders as" options={viewOptions} value={view} onChange={setView} />
      {reminders.isPending ? (
        <Loading>Loading reminders...</Loading>
      ) : reminders.isError ? (
        <LoadError error={reminders.error} onRetry={() => void reminders.refetch()} />
      ) : view === 'calendar' ? (
        <CalendarView reminders={reminders.data.items} today={today} onShowList={() => setView('list')} />
      ) : (
        <ListView reminders={reminders.data.items} today={today} />
      )}
    </div>
  );
}
