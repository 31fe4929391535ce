// Two or more ways to show the same list ('Cards' | 'Table', 'Calendar' | 'List'): a labelled group
// of pressed/unpressed buttons, the chosen one raised.
import type { ComponentType } from 'react';

export type SegmentOption<T extends string> = {
  value: T;
  label: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
};

export function SegmentedToggle<T extends string>({
  label,
  options,
  value,
  onChange,
  compact = false,
  className = 'grid',
}: {
  /** what the group chooses, for a screen reader ('Show animals as') */
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** a toolbar's shorter buttons */
  compact?: boolean;
  /** how the group displays (`hidden lg:grid` to show it from 1024 px only) */
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={`${className} auto-cols-fr grid-flow-col gap-1 rounded-lg bg-stone-200/70 p-1`}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`inline-flex ${compact ? 'min-h-9' : 'min-h-10'} items-center justify-center gap-2 rounded-md px-3 text-sm font-medium ${
            value === option.value ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-700 hover:bg-white/60'
          }`}
        >
          <option.Icon aria-hidden className="size-4" />
          {option.label}
        </button>
      ))}
    </div>
  );
}
