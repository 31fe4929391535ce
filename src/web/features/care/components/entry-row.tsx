// One row of a care list (an animal's history, a group's log): date and who recorded it, icon,
// title, details, then Edit and Delete (for those whose role may change entries). The buttons'
// names carry the entry's title and date so that each is distinct.
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { EntryType } from '../../../../shared/schemas/care';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { usDate } from '../../../lib/dates';
import { entryIcons, entryTypeLabels } from './entry-display';
import { ExpandableText } from '../../../components/expandable-text';

const rowButton = 'border border-stone-300 bg-white px-3';

export function EntryRow({
  type,
  date,
  title,
  details,
  recordedBy,
  editHref,
  onDelete,
  subject,
  children,
}: {
  type: EntryType;
  date: string;
  title: string;
  /** the whole text: cut at 50 characters with 'More' */
  details: string | null;
  /** whose entry, in the buttons' names (a group log's row of one animal's own entry) */
  subject?: string;
  /** the name of who recorded it ('by Sam'); nothing when unknown */
  recordedBy?: string | null;
  /** Edit and Delete: left out where the role may not change entries */
  editHref?: string;
  onDelete?: () => void;
  /** more about the entry, under the details (the animals of a group's batch) */
  children?: ReactNode;
}) {
  const Icon = entryIcons[type];
  const which = `${title}${subject ? `, ${subject}` : ''}, ${usDate(date)}`;
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0" data-testid="care-entry">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-xs font-medium text-stone-600">
          <time dateTime={date}>{usDate(date)}</time>
          {recordedBy && (
            <>
              {' · '}
              <span>by {recordedBy}</span>
            </>
          )}
        </p>
        <p className="font-semibold break-words text-stone-900">
          <span className="sr-only">{entryTypeLabels[type]}: </span>
          {title}
        </p>
        {details && <ExpandableText text={details} className="text-sm break-words text-stone-700" />}
        {children}
        {(editHref || onDelete) && (
          <div className="flex gap-2 pt-1">
            {editHref && (
              <Link
                href={editHref}
                className={`${buttonBase} ${rowButton} text-stone-900 hover:bg-stone-100`}
              >
                <Pencil aria-hidden className="size-4" />
                Edit<span className="sr-only"> {which}</span>
              </Link>
            )}
            {onDelete && (
              <button
                type="button"
                onClick={onDelete}
                className={`${buttonBase} ${rowButton} text-red-700 hover:bg-red-50`}
              >
                <Trash2 aria-hidden className="size-4" />
                Delete<span className="sr-only"> {which}</span>
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export function ShowMore({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={`${buttonBase} ${buttonClasses.secondary} w-full`}
    >
      {busy ? 'Loading...' : 'Show more'}
    </button>
  );
}
