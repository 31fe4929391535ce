// A month of days as a table of buttons. Days with reminders show a dot and their count (also in
// the button's name); today is outlined. One day is in the Tab order; the arrow keys move by a
// day or a week, Home/End to the week's ends, Page Up/Down by a month, and the selection follows.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { addDays, addMonths, daysBetween, longDate, monthLabel, monthStart } from '../../../lib/dates';

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The month's weeks, Sunday first, with null for the days of the months either side. */
function weeksOf(month: string): (string | null)[][] {
  const first = monthStart(month);
  const length = daysBetween(first, addMonths(first, 1));
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = 0; day < length; day++) cells.push(addDays(first, day));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export type DayMark = { count: number; overdue: boolean };

export function MonthCalendar({
  month,
  selected,
  today,
  marks,
  onSelect,
  onMonthChange,
}: {
  /** any date of the month shown */
  month: string;
  selected: string;
  today: string;
  marks: ReadonlyMap<string, DayMark>;
  onSelect: (date: string) => void;
  onMonthChange: (month: string) => void;
}) {
  const headingId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const focusAfterMove = useRef(false);
  const first = monthStart(month);
  const weeks = weeksOf(first);
  const inMonth = (date: string) => monthStart(date) === first;
  // the one day reachable by Tab: the selected day, else today, else the 1st
  const tabStop = inMonth(selected) ? selected : inMonth(today) ? today : first;

  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${selected}"]`)?.focus();
  }, [selected, first]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekdayOf(date)),
      End: () => addDays(date, 6 - weekdayOf(date)),
      PageUp: () => addMonths(date, -1),
      PageDown: () => addMonths(date, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusAfterMove.current = true;
    onSelect(move());
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Previous month"
          onClick={() => onMonthChange(addMonths(first, -1))}
          className="inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <h2 id={headingId} aria-live="polite" className="text-base font-semibold">
          {monthLabel(first)}
        </h2>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(first, 1))}
          className="inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <table ref={grid} aria-labelledby={headingId} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" className="pb-1 text-xs font-medium text-stone-600">
                <span aria-hidden>{day.slice(0, 3)}</span>
                <span className="sr-only">{day}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, index) =>
                date ? (
                  <td key={date} className="p-0.5">
                    <DayButton
                      date={date}
                      mark={marks.get(date)}
                      isToday={date === today}
                      isSelected={date === selected}
                      tabbable={date === tabStop}
                      onSelect={onSelect}
                      onKeyDown={onKeyDown}
                    />
                  </td>
                ) : (
                  <td key={`empty-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayButton({
  date,
  mark,
  isToday,
  isSelected,
  tabbable,
  onSelect,
  onKeyDown,
}: {
  date: string;
  mark: DayMark | undefined;
  isToday: boolean;
  isSelected: boolean;
  tabbable: boolean;
  onSelect: (date: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, date: string) => void;
}) {
  const count = mark?.count ?? 0;
  const name = [
    longDate(date),
    isToday ? 'today' : null,
    count ? `${count} reminder${count === 1 ? '' : 's'}` : null,
    mark?.overdue ? 'overdue' : null,
  ]
    .filter(Boolean)
    .join(', ');
  const tone = isSelected
    ? 'bg-brand-700 text-white hover:bg-brand-800'
    : mark?.overdue
      ? 'bg-red-50 text-stone-900 hover:bg-red-100'
      : count
        ? 'bg-brand-50 text-stone-900 hover:bg-brand-100'
        : 'text-stone-800 hover:bg-stone-100';
  const dot = isSelected ? 'bg-white' : mark?.overdue ? 'bg-red-700' : 'bg-brand-700';
  const countText = isSelected ? 'text-white' : mark?.overdue ? 'text-red-800' : 'text-brand-800';
  return (
    <button
      type="button"
      data-date={date}
      aria-label={name}
      aria-pressed={isSelected}
      aria-current={isToday ? 'date' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(date)}
      onKeyDown={(event) => onKeyDown(event, date)}
      className={`flex h-12 w-full flex-col items-center justify-center gap-0.5 rounded-md text-sm tabular-nums ${tone} ${
        isToday
          ? isSelected
            ? 'shadow-[inset_0_0_0_2px_var(--color-brand-900),inset_0_0_0_4px_white]'
            : 'ring-2 ring-brand-700 ring-inset'
          : ''
      } ${count ? 'font-semibold' : ''}`}
    >
      <span>{Number(date.slice(8))}</span>
      <span className="flex h-3 items-center gap-0.5 text-[0.6875rem] leading-none">
        {count > 0 && (
          <>
            <span aria-hidden className={`size-1.5 rounded-full ${dot}`} />
            <span className={countText}>{count}</span>
          </>
        )}
      </span>
    </button>
  );
}
