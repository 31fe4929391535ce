// The five named group colours as a radio group of swatches. Native radios: Tab reaches the group,
// arrow keys move between colours. Nothing selected is allowed (the caller decides what it means).
import { useId, type ReactNode } from 'react';
import { groupColors } from '../../../../shared/groups/colors';
import { sameColor } from '../color';

export function ColorChoice({
  legend,
  value,
  onChange,
  error,
  children,
}: {
  legend: string;
  value: string | undefined;
  onChange: (color: string) => void;
  error?: string | undefined;
  /** shown under the swatches (a hint, or a way back to the default) */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      role="radiogroup"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
        {groupColors.map((color) => {
          const checked = sameColor(value, color.value);
          return (
            <label key={color.value} className="relative cursor-pointer">
              <input
                type="radio"
                name={id}
                value={color.value}
                checked={checked}
                onChange={() => onChange(color.value)}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
              />
              <span className="flex flex-col items-center gap-1 rounded-lg border border-stone-300 bg-white px-1 py-2 text-xs font-medium text-stone-800 peer-checked:border-stone-900 peer-checked:bg-stone-100 peer-checked:ring-1 peer-checked:ring-stone-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 hover:bg-stone-50">
                <span
                  aria-hidden
                  className="size-7 rounded-full border border-black/10"
                  style={{ backgroundColor: color.value }}
                />
                {color.name}
              </span>
            </label>
          );
        })}
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
