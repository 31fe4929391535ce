// One herd group on My Herd: a link to the group (click, Enter or Space) tinted in its colour.
import { ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Group } from '../../../../shared/schemas/groups';
import { cut } from '../../../../shared/care/rules';
import { solid, translucent } from '../color';

/** The name's size steps down past 12, 18 and 24 characters. */
function nameSize(name: string): string {
  if (name.length > 24) return 'text-base';
  if (name.length > 18) return 'text-lg';
  if (name.length > 12) return 'text-xl';
  return 'text-2xl';
}

export function GroupCard({ group }: { group: Group }) {
  const [, navigate] = useLocation();
  const href = `/group/${group.id}`;
  // A link answers Enter by itself; Space (as on a button) opens it too instead of scrolling.
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === ' ') {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    <Link
      href={href}
      onKeyDown={onKeyDown}
      data-testid="group-card"
      className="group flex w-full flex-col gap-2 overflow-hidden rounded-xl border border-l-[6px] border-stone-200 p-4 shadow-sm transition-shadow hover:shadow-md md:h-[180px] md:w-[339px]"
      style={{ borderLeftColor: solid(group.color), backgroundColor: translucent(group.color, 0.08) }}
    >
      <div className="flex items-start gap-2">
        <h3
          className={`min-w-0 flex-1 font-semibold break-words text-stone-900 md:line-clamp-2 ${nameSize(group.name)}`}
        >
          {group.name}{' '}
          <span className="font-normal whitespace-nowrap text-stone-600">({group.animalCount})</span>
        </h3>
        <ChevronRight aria-hidden className="mt-1 size-5 shrink-0 text-stone-500 md:hidden" />
      </div>
      {group.description && (
        <>
          <p className="text-sm break-words whitespace-pre-line text-stone-700 md:hidden">
            {group.description}
          </p>
          <p className="hidden text-sm break-words text-stone-700 md:line-clamp-3">
            {cut(group.description, 80)}
          </p>
        </>
      )}
      <span
        aria-hidden
        className="mt-auto hidden items-center justify-end gap-1 pt-1 text-sm font-medium text-stone-700 group-hover:text-stone-900 md:flex"
      >
        View group
        <ChevronRight className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}
