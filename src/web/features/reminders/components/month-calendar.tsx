// A month of days on react-day-picker (docs/decisions/0017-calendar-and-menus.md). Days with
// reminders show a dot and their count (also in the button's name); today is outlined. DayPicker
// keeps one day in the Tab order and moves it with the arrow keys (a day or a week), Home/End (the
// week's ends) and Page Up/Down (a month); the selection follows those keys, as it did before.
import { format, parseISO } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { createContext, useContext, useEffect, useRef, type HTMLAttributes } from 'react';
import { DayPicker, type ChevronProps, type DayButtonProps } from 'react-day-picker';
import { longDate } from '../../../lib/dates';

export type DayMark = { count: number; overdue: boolean };

// Calendar dates are 'YYYY-MM-DD'; DayPicker works on local-midnight Dates, so the two convert
// without any time zone shifting the day.
const toDate = (date: string) => parseISO(date);
const toCalendarDate = (date: Date) => format(date, 'yyyy-MM-dd');

// The marks reach the day buttons through context: a DayButton made inside MonthCalendar would be
// a new component type on every render, and React would remount (and unfocus) every day.
const MarksContext = createContext<ReadonlyMap<string, DayMark>>(new Map());

const navButton =
  'inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100';
const moveKeys = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

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
  // a key that moved the focus makes the day it lands on the selected one
  const keyMoved = useRef(false);
  return (
    <MarksContext.Provider value={marks}>
      <DayPicker
        mode="single"
        required
        selected={toDate(selected)}
        onSelect={(date) => onSelect(toCalendarDate(date))}
        month={toDate(month)}
        onMonthChange={(date) => onMonthChange(toCalendarDate(date))}
        today={toDate(today)}
        weekStartsOn={0}
        navLayout="around"
        onDayKeyDown={(_date, _modifiers, event) => {
          if (moveKeys.has(event.key)) keyMoved.current = true;
        }}
        onDayFocus={(date) => {
          if (!keyMoved.current) return;
          keyMoved.current = false;
          onSelect(toCalendarDate(date));
        }}
        labels={{ labelPrevious: () => 'Previous month', labelNext: () => 'Next month' }}
        formatters={{ formatWeekdayName: (weekday) => format(weekday, 'EEE') }}
        components={{ CaptionLabel, Chevron, DayButton, Weekdays }}
        classNames={{
          month: 'grid grid-cols-[auto_1fr_auto] items-center gap-y-2',
          month_caption: 'text-center',
          button_previous: navButton,
          button_next: navButton,
          month_grid: 'col-span-3 w-full table-fixed border-collapse',
          weekday: 'pb-1 text-xs font-medium text-stone-600',
          day: 'p-0.5',
        }}
      />
    </MarksContext.Provider>
  );
}

/** The month's name as the calendar's heading, announced when it changes. */
function CaptionLabel({ children, className }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <h2 aria-live="polite" className={`${className ?? ''} text-base font-semibold`}>
      {children}
    </h2>
  );
}

/** The weekday row, which DayPicker hides from screen readers: ours names each column in full. */
function Weekdays(props: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <thead>
      <tr {...props} />
    </thead>
  );
}

function Chevron({ orientation }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden className="size-5" />;
}

function DayButton({ day, modifiers, className, ...buttonProps }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // DayPicker's own DayButton focuses the day its keyboard handling moved to; ours must too
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const mark = useContext(MarksContext).get(day.isoDate);
  // a modifier DayPicker has not set is undefined: aria-pressed must still say "false"
  const isToday = Boolean(modifiers.today);
  const isSelected = Boolean(modifiers.selected);
  const count = mark?.count ?? 0;
  const name = [
    longDate(day.isoDate),
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
      {...buttonProps}
      ref={ref}
      aria-label={name}
      aria-pressed={isSelected}
      aria-current={isToday ? 'date' : undefined}
      className={`${className ?? ''} flex h-12 w-full flex-col items-center justify-center gap-0.5 rounded-md text-sm tabular-nums ${tone} ${
        isToday
          ? isSelected
            ? 'shadow-[inset_0_0_0_2px_var(--color-brand-900),inset_0_0_0_4px_white]'
            : 'ring-2 ring-brand-700 ring-inset'
          : ''
      } ${count ? 'font-semibold' : ''}`}
    >
      <span>{Number(day.isoDate.slice(8))}</span>
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
