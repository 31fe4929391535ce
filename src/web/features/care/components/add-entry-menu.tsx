// 'Add Entry': a disclosure button that shows the three kinds of entry as links (a farm sitter
// records the doses they give too, without a next-dose reminder). Escape (focus back on the
// button), a click outside or moving focus elsewhere closes it.
import { ChevronDown, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { EntryType } from '../../../../shared/schemas/care';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { entryIcons } from './entry-display';

const items: { type: EntryType; label: string }[] = [
  { type: 'medical', label: 'Medication' },
  { type: 'weight', label: 'Weight' },
  { type: 'note', label: 'Notes' },
];

/** `basePath` is the animal's or the group's page: '/animal/{id}' or '/group/{id}'. */
export function AddEntryMenu({ basePath }: { basePath: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        // Tab away closes it; a click on nothing focusable is left to the pointer handler
        if (event.relatedTarget && !root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className={`${buttonBase} ${buttonClasses.primary} w-full`}
      >
        <Plus aria-hidden className="size-4" />
        Add Entry
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 space-y-0.5 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
      >
        {items.map(({ type, label }) => {
          const Icon = entryIcons[type];
          return (
            <li key={type}>
              <Link
                href={`${basePath}/${type}-entry`}
                className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-stone-900 hover:bg-stone-100"
              >
                <Icon aria-hidden className="size-4 text-brand-700" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
