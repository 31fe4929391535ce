// One page for the twelve care entry routes: /animal|group/:id/{medical,weight,note}-entry (new) and
// /animal|group/:id/edit-{type}/:entryId (edit). The path says which; the page loads what the form
// needs (the farm's today and unit, the animal or group, the group's animals or the entry).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError } from '../../components/page-states';
import { useAwaitingServer } from '../../lib/awaiting-server';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { animalQuery } from '../../features/animals/api/animals';
import { careBatchQuery, careEntryQuery } from '../../features/care/api/care';
import { EntryForm } from '../../features/care/components/entry-form';
import { useEntryRoute, type EntryRoute } from '../../features/care/entry-route';
import { groupAnimalsQuery, groupQuery } from '../../features/groups/api/groups';
import { medicinesQuery } from '../../features/medicines/api/medicines';
import { farmToday } from '../../lib/dates';
import { useCan } from '../../lib/farm';
import { profileQuery } from '../../lib/profile';
import { MembersOnlyNotice, useMembersOnly } from '../../components/members-only';

/** A view instead of the form: a heading, an optional message, and a way back. */
function Problem({
  title,
  children,
  alert = false,
}: {
  title: string;
  children?: ReactNode;
  alert?: boolean;
}) {
  return (
    <div role={alert ? 'alert' : undefined} className={`${cardClasses} space-y-3 py-8 text-center`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

function GoBack({ to }: { to: string }) {
  const [, navigate] = useLocation();
  return (
    <button type="button" onClick={() => navigate(to)} className={`${buttonBase} ${buttonClasses.secondary}`}>
      Go Back
    </button>
  );
}

function EntryPage({ route }: { route: EntryRoute }) {
  const { owner, ownerId, entryId, type } = route;
  const isGroup = owner === 'group';
  const profile = useQuery(profileQuery);
  const animal = useQuery({ ...animalQuery(ownerId), enabled: !isGroup });
  const group = useQuery({ ...groupQuery(ownerId), enabled: isGroup });
  const groupAnimals = useQuery({ ...groupAnimalsQuery(ownerId), enabled: isGroup && !entryId });
  const entry = useQuery({ ...careEntryQuery(entryId ?? ''), enabled: entryId !== null });
  // a group edit says how many animals the batch reaches, and a weigh-in's shows every animal's
  // value: the batch's entries, however old the batch
  const batchEntries = useQuery({ ...careBatchQuery(entryId ?? ''), enabled: isGroup && entryId !== null });
  const weighInEdit = isGroup && entryId !== null && type === 'weight';
  const canAddAnimal = useCan('member');
  // 'Record Dose' from a medication reminder (?medication=name): the form starts from that medicine
  const [search] = useSearchParams();
  const medication = type === 'medical' && entryId === null ? search.get('medication') : null;
  // a new medication offers the cabinet's medicines first (the form works without them)
  const cabinet = useQuery({ ...medicinesQuery(), enabled: type === 'medical' && entryId === null });
  // the form keeps the entry and its batch as drawn, and a group's batch is for the animals listed:
  // the server's, not an older copy's (the disabled reads are not asked, so never awaited)
  const fromCopy = useAwaitingServer(entry, batchEntries, groupAnimals);

  if (entryId !== null) {
    if (entry.isPending || fromCopy) return <Loading />;
    if (entry.isError) {
      if (isNotFound(entry.error)) {
        return (
          <Problem title="Care entry not found">
            <GoBack to={route.ownerPath} />
          </Problem>
        );
      }
      return (
        <Problem title="Error loading care entry" alert>
          <p className="text-stone-700">{entry.error.message}</p>
          <GoBack to={route.ownerPath} />
        </Problem>
      );
    }
    const found = entry.data;
    if (isGroup ? found.groupId !== ownerId : found.animalId !== ownerId) {
      return (
        <Problem title="Care entry not found">
          <GoBack to={route.ownerPath} />
        </Problem>
      );
    }
    if (found.type !== type)
      return <Redirect to={`${route.ownerPath}/edit-${found.type}/${found.id}`} replace />;
  }

  const subject = isGroup ? group : animal;
  if (subject.isPending || profile.isPending || (isGroup && entryId !== null && batchEntries.isPending))
    return <Loading />;
  if (batchEntries.isError)
    return <LoadError error={batchEntries.error} onRetry={() => void batchEntries.refetch()} />;
  if (subject.isError) {
    if (isNotFound(subject.error)) {
      return (
        <Problem title={isGroup ? 'Group not found' : 'Animal not found'}>
          <Link href="/home" className={`${buttonBase} ${buttonClasses.primary}`}>
            Back to Home
          </Link>
        </Problem>
      );
    }
    return <LoadError error={subject.error} onRetry={() => void subject.refetch()} />;
  }
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;

  const today = farmToday(profile.data.timeZone);
  const name = subject.data.name;

  if (entryId !== null && entry.data) {
    const batchSize = isGroup ? (batchEntries.data?.length ?? null) : null;
    const batch = weighInEdit
      ? batchEntries.data?.map((one) => ({
          id: one.animalId,
          name: one.animalName,
          weightValue: one.weightValue,
        }))
      : undefined;
    return (
      <EntryForm
        key={entry.data.id}
        route={route}
        subject={name}
        today={today}
        unit={entry.data.weightUnit ?? profile.data.weightUnit}
        entry={entry.data}
        batchSize={batchSize}
        batch={batch}
      />
    );
  }

  if (isGroup) {
    if (groupAnimals.isPending || fromCopy) return <Loading />;
    if (groupAnimals.isError) {
      return <LoadError error={groupAnimals.error} onRetry={() => void groupAnimals.refetch()} />;
    }
    if (!groupAnimals.data.length) {
      return (
        <Problem title="No animals found in group">
          <p className="text-sm text-stone-700">Add an animal to {name} to record care for the group.</p>
          {canAddAnimal && (
            <Link href={`/group/${ownerId}/add-animal`} className={`${buttonBase} ${buttonClasses.primary}`}>
              + Add New Animal
            </Link>
          )}
        </Problem>
      );
    }
  }

  return (
    <EntryForm
      route={route}
      subject={name}
      today={today}
      unit={profile.data.weightUnit}
      groupAnimals={isGroup ? groupAnimals.data : undefined}
      latestWeight={
        !isGroup && animal.data ? { value: animal.data.weight, unit: animal.data.weightUnit } : undefined
      }
      prefill={medication ? { medicationName: medication.slice(0, 100) } : undefined}
      cabinet={cabinet.data}
    />
  );
}

export default function CareEntryPage() {
  const [pathname] = useLocation();
  const route = useEntryRoute();
  // a farm sitter adds notes, weights and the doses they give; every change is the members'
  const membersOnly = useMembersOnly();
  if (!route) return <Redirect to="/home" replace />;
  if (membersOnly && route.entryId !== null) return <MembersOnlyNotice backHref={route.ownerPath} />;
  return (
    <div className="space-y-2">
      <BackButton fallback={route.ownerPath} />
      {/* a new path is a new form: nothing typed carries over */}
      <EntryPage key={pathname} route={route} />
    </div>
  );
}
