// A group's name as a chip in the group's colour: a faint tint, a coloured border and dot, and
// dark text (the group colours themselves are too light for text on white).
import { Link } from 'wouter';

const rgbaPattern = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i;
const hexPattern = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** The colour with another opacity; unknown formats fall back to stone grey. */
export function withAlpha(color: string, alpha: number): string {
  const rgba = rgbaPattern.exec(color.trim());
  const hex = hexPattern.exec(color.trim());
  const parts = rgba
    ? [rgba[1], rgba[2], rgba[3]].map(Number)
    : hex
      ? [hex[1], hex[2], hex[3]].map((part) => parseInt(part ?? '0', 16))
      : [120, 113, 108];
  return `rgba(${parts.join(',')},${alpha})`;
}

export type Chip = { id: string; name: string; color: string };

const chipClasses =
  'inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium text-stone-800';

function ChipContent({ group }: { group: Chip }) {
  return (
    <>
      <span
        aria-hidden
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: withAlpha(group.color, 1) }}
      />
      <span className="min-w-0 truncate" title={group.name}>
        {group.name}
      </span>
    </>
  );
}

export function GroupChip({ group, linked = false }: { group: Chip; linked?: boolean }) {
  const style = { backgroundColor: withAlpha(group.color, 0.12), borderColor: withAlpha(group.color, 0.55) };
  if (linked) {
    return (
      <Link
        href={`/group/${group.id}`}
        className={`${chipClasses} min-h-8 min-w-6 hover:underline`}
        style={style}
      >
        <ChipContent group={group} />
      </Link>
    );
  }
  return (
    <span className={chipClasses} style={style}>
      <ChipContent group={group} />
    </span>
  );
}

export function GroupChips({ groups, linked = false }: { groups: Chip[]; linked?: boolean }) {
  if (!groups.length) return null;
  return (
    <ul aria-label="Groups" className="flex max-w-full min-w-0 flex-wrap gap-1.5">
      {groups.map((group) => (
        <li key={group.id} className="max-w-full">
          <GroupChip group={group} linked={linked} />
        </li>
      ))}
    </ul>
  );
}
