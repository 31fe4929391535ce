// /group/:groupId: the group's name, count and description, the way to its animals and its edit
// page (for those whose role may edit), Add Entry, the reminders of the group and its animals, and
// the group's log (from 1024 px, the log in a second column). 'Collect Eggs' shows where there are
// hens to lay them, 'Record Milk' where there are does to milk; 'Production' for every group, and 'Feed' (its money) for Owners and Members. 'Print Labels' for its animals.
import { useQuery } from '@tanstack/react-query';
import {
  ChartColumn,
  Egg,
  LineChart,
  Milk,
  NotebookPen,
  Pencil,
  PawPrint,
  Printer,
  Wheat,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { possessive } from '../../../shared/care/rules';
import type { LucideIcon } from 'lucide-react';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { AddEntryMenu } from '../../features/care/components/add-entry-menu';
import { WaitingChanges } from '../../components/waiting-changes';
import { GroupLog } from '../../features/care/components/group-log';
import { groupAnimalsQuery, groupQuery } from '../../features/groups/api/groups';
import { solid } from '../../features/groups/color';
import { useGroupId } from '../../features/groups/use-group-id';
import { isHen } from '../../features/production/hens';
import { isMilkable } from '../../features/production/milk-does';
import { RemindersCard } from '../../features/reminders/components/reminders-card';
import { useCan } from '../../lib/farm';
import { usePageHeading } from '../page-heading';

function SectionCard({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${cardClasses} space-y-3`}>
      <h3 id={id} className="flex items-center gap-2 text-base font-semibold">
        <Icon aria-hidden className="size-4 text-brand-700" />
        {title}
      </h3>
      {children}
    </section>
  );
}

export default function GroupDetailPage() {
  const groupId = useGroupId();
  const group = useQuery(groupQuery(groupId));
  // read here too, so that the group's care forms (which list its animals) open with no signal
  const animals = useQuery(groupAnimalsQuery(groupId));
  usePageHeading(group.data?.name);
  const canEdit = useCan('member');

  if (group.isPending) return <Loading>Loading group...</Loading>;
  if (group.isError) {
    if (isNotFound(group.error)) return <NotFound title="Group not found" />;
    return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  }
  const { id, name, description, color, animalCount } = group.data;
  const links: { href: string; label: string; icon: LucideIcon }[] = [
    ...(animals.data?.some(isHen)
      ? [{ href: `/group/${id}/collect-eggs`, label: 'Collect Eggs', icon: Egg }]
      : []),
    ...(animals.data?.some(isMilkable)
      ? [{ href: `/group/${id}/milk`, label: 'Record Milk', icon: Milk }]
      : []),
    { href: `/group/${id}/production`, label: 'Production', icon: ChartColumn },
    { href: `/group/${id}/weights`, label: 'Weights', icon: LineChart },
    ...(animalCount > 0 ? [{ href: `/labels?group=${id}`, label: 'Print Labels', icon: Printer }] : []),
    // feed is money: Owners and Members only
    ...(canEdit ? [{ href: `/group/${id}/feed`, label: 'Feed', icon: Wheat }] : []),
    ...(canEdit ? [{ href: `/group/${id}/edit`, label: 'Edit Group', icon: Pencil }] : []),
  ];

  return (
    <div className="space-y-4 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6 lg:space-y-0">
      <div className="space-y-4">
        <section
          aria-labelledby="group-heading"
          className={`${cardClasses} space-y-3 border-t-4`}
          style={{ borderTopColor: solid(color) }}
        >
          <div className="flex items-start justify-between gap-2">
            <h2 id="group-heading" className="min-w-0 text-xl font-semibold break-words">
              {name} <span className="font-normal whitespace-nowrap text-stone-600">({animalCount})</span>
            </h2>
          </div>
          {description ? (
            <p className="break-words whitespace-pre-line text-stone-700">{description}</p>
          ) : (
            <p className="text-sm text-stone-500 italic">No description</p>
          )}
          <div className="grid grid-cols-2 gap-2">
            <Link
              href={`/group/${id}/animals`}
              className={`${buttonBase} ${buttonClasses.primary} col-span-2`}
            >
              <PawPrint aria-hidden className="size-4" />
              View Animals
            </Link>
            {links.map((link, index) => (
              <Link
                key={link.href}
                href={link.href}
                // an odd one out takes the whole row
                className={`${buttonBase} ${buttonClasses.secondary} ${index === links.length - 1 && links.length % 2 ? 'col-span-2' : ''}`}
              >
                <link.icon aria-hidden className="size-4" />
                {link.label}
              </Link>
            ))}
          </div>
        </section>

        <AddEntryMenu basePath={`/group/${id}`} />

        <RemindersCard groupId={id} />
      </div>

      {/* The group log: its batches, and its animals' own entries marked with the animal. */}
      <SectionCard id="log-heading" title={`${possessive(name)} Log`} icon={NotebookPen}>
        <WaitingChanges kind="care-entry" groupId={id} />
        <GroupLog groupId={id} animalCount={animalCount} />
      </SectionCard>
    </div>
  );
}
