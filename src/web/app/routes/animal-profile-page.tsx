// /animal/:animalId: the animal's photo, name, age and groups, Add Entry (above the fold on a phone),
// its details, its reminders (its own and its groups') and its care history (from 1024 px, these
// two in a second column). Edit shows only for those whose role may change animals.
import { ExitBanner, LeaveHerdCard } from '../../features/animals/components/animal-exit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, ImageOff, Milk, Pencil } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'wouter';
import type { Animal, AnimalListItem } from '../../../shared/schemas/animals';
import type { WeightUnit } from '../../../shared/schemas/profile';
import { isNotFound, Loading, LoadError } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { animalQuery, animalSearchQuery, animalsQuery } from '../../features/animals/api/animals';
import { animalAge, animalWeight, groupChipsOf, sexLabel } from '../../features/animals/animal-display';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import { FamilyCards } from '../../features/animals/components/family-card';
import { GroupChips } from '../../features/animals/components/group-chip';
import { BreedingCard } from '../../features/breeding/components/breeding-card';
import { AddEntryMenu } from '../../features/care/components/add-entry-menu';
import { WaitingChanges } from '../../components/waiting-changes';
import { CareHistory } from '../../features/care/components/care-history';
import { RemindersCard } from '../../features/reminders/components/reminders-card';
import { WithdrawalBadges } from '../../features/animals/components/withdrawal-badges';
import { useDrawnLater } from '../../hooks/use-drawn-later';
import { useFarmToday } from '../../hooks/use-farm-today';
import { formatUsDate } from '../../lib/dates';
import { useCan } from '../../lib/farm';
import { useOnline } from '../../lib/outbox';
import { profileQuery } from '../../lib/profile';
import { groupsQuery } from '../../features/groups/api/groups';
import { MilkCard } from '../../features/production/components/milk-card';
import { isMilkable } from '../../features/production/milk-does';
import { usePageHeading } from '../page-heading';

// the chart's code comes only to pages that chart
const WeightCard = lazy(() => import('../../features/care/components/weight-card'));

function detailRows(
  animal: Animal,
  today: string,
  weightUnit: WeightUnit,
): { label: string; value: string | null; empty?: string; href?: string }[] {
  return [
    { label: 'Breed', value: animal.breed },
    { label: 'Sex', value: sexLabel(animal.sex) },
    { label: 'Birth date', value: formatUsDate(animal.birthDate), empty: 'Birth date unknown' },
    { label: 'Age', value: animalAge(animal, today), empty: 'Unknown' },
    { label: 'Weight', value: animalWeight(animal, weightUnit) },
    { label: 'Species', value: animal.speciesName },
    { label: 'Color', value: animal.color },
    { label: 'Dam', value: animal.dam, href: animal.damId ? `/animal/${animal.damId}` : undefined },
    { label: 'Sire', value: animal.sire, href: animal.sireId ? `/animal/${animal.sireId}` : undefined },
    { label: 'Tag ID', value: animal.tagId },
    { label: 'Electronic ID', value: animal.electronicId },
  ];
}

/**
 * An animal as far as the herd list knows it (no color, parents or full photo): what its profile
 * shows with no signal when the animal itself was never opened on this device.
 */
function animalFromListItem(item: AnimalListItem, groups: Parameters<typeof groupChipsOf>[1]): Animal {
  return {
    ...item,
    electronicId: item.electronicId ?? null,
    speciesId: null,
    color: null,
    dam: null,
    sire: null,
    damId: null,
    sireId: null,
    photoUrl: item.thumbnailUrl,
    groups: groupChipsOf(item.groupIds, groups),
    exit: item.exit ? { ...item.exit, note: null, price: null } : null,
    createdAt: '',
    updatedAt: '',
  };
}

/** What the herd list does not hold: not shown from it, rather than shown as 'Not set'. */
const notListed = ['Color', 'Dam', 'Sire'];

/** The profile's head: photo, name, species and age, Edit, groups — short, so Add Entry shows on a phone. */
function AnimalProfile({
  animal,
  today,
  weightUnit,
  fromHerd = false,
}: {
  animal: Animal;
  today: string;
  weightUnit: WeightUnit;
  /** only what the herd list holds of it (offline, never opened on this device) */
  fromHerd?: boolean;
}) {
  const age = animalAge(animal, today);
  const canEdit = useCan('member');
  // the cards below the details (and the second column) are made just after the first paint, in
  // a transition: made with the head, they held a phone in one long task before the name showed
  const rest = useDrawnLater();
  return (
    <div className="space-y-4 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6 lg:space-y-0">
      <div className="space-y-4">
        <section aria-labelledby="animal-name" className={`${cardClasses} space-y-3`}>
          <div className="flex items-start gap-3">
            {animal.photoUrl ? (
              <a
                href={animal.photoUrl}
                target="_blank"
                rel="noreferrer"
                className="block size-24 shrink-0 overflow-hidden rounded-lg bg-stone-100"
              >
                <img
                  src={animal.thumbnailUrl ?? animal.photoUrl}
                  alt={animal.name}
                  className="size-full object-cover"
                />
              </a>
            ) : (
              <div className="flex size-24 shrink-0 flex-col items-center justify-center gap-1 rounded-lg bg-stone-100 text-stone-600">
                <ImageOff aria-hidden className="size-6" />
                <span className="text-xs font-medium">No Image</span>
              </div>
            )}
            <div className="min-w-0 flex-1 space-y-1">
              <h2 id="animal-name" className="text-xl font-semibold [overflow-wrap:anywhere]">
                {animal.name}
              </h2>
              <p className="text-sm [overflow-wrap:anywhere] text-stone-600">
                {animal.speciesName ?? 'Unknown Species'}
                {age && <span> · {age}</span>}
              </p>
              <div className="flex flex-wrap gap-2">
                {canEdit && (
                  <Link
                    href={`/animal/${animal.id}/edit`}
                    className={`${buttonBase} ${buttonClasses.secondary} -ml-0.5`}
                  >
                    <Pencil aria-hidden className="size-4" />
                    Edit
                  </Link>
                )}
                <Link
                  href={`/animal/${animal.id}/record`}
                  className={`${buttonBase} ${buttonClasses.secondary} ${canEdit ? '' : '-ml-0.5'} !px-3`}
                >
                  <FileText aria-hidden className="size-4" />
                  Health Record
                </Link>
              </div>
            </div>
          </div>
          <ExitBanner animal={animal} today={today} />
          <WithdrawalBadges withdrawal={animal.withdrawal} today={today} />
          <GroupChips groups={animal.groups} linked />
          {fromHerd && (
            <p role="status" className="text-sm text-stone-700">
              You are offline. This animal has not been opened on this device before: what My Animals holds of
              it is shown; the rest will load when you are back online.
            </p>
          )}
        </section>

        <AddEntryMenu basePath={`/animal/${animal.id}`} />
        {isMilkable(animal) && (
          <Link
            href={`/animal/${animal.id}/milk`}
            className={`${buttonBase} ${buttonClasses.secondary} w-full`}
          >
            <Milk aria-hidden className="size-4" />
            Record Milk
          </Link>
        )}

        <section aria-labelledby="animal-details-heading" className={`${cardClasses} space-y-2`}>
          <h3 id="animal-details-heading" className="font-semibold">
            Details
          </h3>
          <dl className="divide-y divide-stone-100 border-t border-stone-100">
            {detailRows(animal, today, weightUnit)
              .filter((row) => !fromHerd || !notListed.includes(row.label))
              .map(({ label, value, empty = 'Not set', href }) => (
                <div key={label} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-2 text-sm">
                  <dt className="font-medium text-stone-600">{label}</dt>
                  <dd className={`[overflow-wrap:anywhere] ${value ? '' : 'text-stone-500 italic'}`}>
                    {value && href ? (
                      <Link
                        href={href}
                        className="inline-flex min-h-6 min-w-6 max-w-full items-center font-medium text-brand-700 underline underline-offset-4"
                      >
                        {value}
                      </Link>
                    ) : (
                      (value ?? empty)
                    )}
                  </dd>
                </div>
              ))}
          </dl>
        </section>

        {rest && (
          <>
            <Suspense
              fallback={
                <section className={`${cardClasses} space-y-3`}>
                  <h3 className="font-semibold">Weight</h3>
                  <Loading place="section">Loading weights...</Loading>
                </section>
              }
            >
              <WeightCard animalId={animal.id} name={animal.name} />
            </Suspense>

            {isMilkable(animal) && <MilkCard animalId={animal.id} />}
            {/* a male cannot carry young: no breeding card for him */}
            {animal.sex !== 'male' && animal.sex !== 'castrated_male' && <BreedingCard damId={animal.id} />}
            <FamilyCards animalId={animal.id} />
            <LeaveHerdCard animal={animal} today={today} />
          </>
        )}
      </div>
      {rest && (
        <div className="space-y-4">
          <RemindersCard animalId={animal.id} />
          <section aria-labelledby="care-history-heading" className={`${cardClasses} space-y-3`}>
            <h3 id="care-history-heading" className="font-semibold">
              Care History
            </h3>
            <WaitingChanges kind="care-entry" animalId={animal.id} />
            <CareHistory animalId={animal.id} />
          </section>
        </div>
      )}
    </div>
  );
}

export default function AnimalProfilePage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const queryClient = useQueryClient();
  const online = useOnline();
  const animal = useQuery({
    ...animalQuery(animalId),
    // with no signal, an animal never opened here shows from the device's copy of the herd
    placeholderData: online
      ? undefined
      : () => {
          const listed = [animalSearchQuery({}).queryKey, animalsQuery.queryKey]
            .flatMap((key) => queryClient.getQueryData<AnimalListItem[]>(key) ?? [])
            .find((item) => item.id === animalId);
          return listed && animalFromListItem(listed, queryClient.getQueryData(groupsQuery.queryKey));
        },
  });
  const profile = useQuery(profileQuery);
  const { today } = useFarmToday();
  usePageHeading(animal.data?.name);

  if (animal.isPending) return <Loading place="tight">Loading animal...</Loading>;
  if (animal.isError) {
    if (isNotFound(animal.error)) return <AnimalNotFound />;
    return <LoadError error={animal.error} onRetry={() => void animal.refetch()} look="alert" />;
  }
  return (
    <AnimalProfile
      animal={animal.data}
      today={today}
      weightUnit={profile.data?.weightUnit ?? 'lbs'}
      fromHerd={animal.isPlaceholderData}
    />
  );
}
