// /animal/:animalId: the animal's photo, details and groups, Add Entry, its reminders (its own and
// its groups') and its care history.
import { useQuery } from '@tanstack/react-query';
import { ImageOff, Pencil } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { Animal } from '../../../shared/schemas/animals';
import { isNotFound, LoadErrorAlert, Loading } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { animalQuery } from '../../features/animals/api/animals';
import { formatWeight, sexLabel } from '../../features/animals/animal-display';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import { GroupChips } from '../../features/animals/components/group-chip';
import { AddEntryMenu } from '../../features/care/components/add-entry-menu';
import { CareHistory } from '../../features/care/components/care-history';
import { RemindersCard } from '../../features/reminders/components/reminders-card';
import { formatUsDate } from '../../lib/dates';

function detailRows(animal: Animal): { label: string; value: string | null; empty?: string }[] {
  return [
    { label: 'Breed', value: animal.breed },
    { label: 'Sex', value: sexLabel(animal.sex) },
    { label: 'Birth date', value: formatUsDate(animal.birthDate), empty: 'Birth date unknown' },
    { label: 'Weight', value: formatWeight(animal.weight, animal.weightUnit) },
    { label: 'Species', value: animal.speciesName },
    { label: 'Color', value: animal.color },
    { label: 'Dam', value: animal.dam },
    { label: 'Sire', value: animal.sire },
    { label: 'Tag ID', value: animal.tagId },
  ];
}

function AnimalProfile({ animal }: { animal: Animal }) {
  return (
    <div className="space-y-4">
      <section
        aria-labelledby="animal-name"
        className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        {animal.photoUrl ? (
          <img
            src={animal.photoUrl}
            alt={animal.name}
            className="aspect-[4/3] w-full bg-stone-100 object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 bg-stone-100 text-stone-600">
            <ImageOff aria-hidden className="size-8" />
            <span className="text-sm font-medium">No Image</span>
          </div>
        )}
        <div className="space-y-3 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="animal-name" className="text-xl font-semibold break-words">
                {animal.name}
              </h2>
              <p className="text-sm text-stone-600">{animal.speciesName ?? 'Unknown Species'}</p>
            </div>
            <Link
              href={`/animal/${animal.id}/edit`}
              className={`${buttonBase} ${buttonClasses.secondary} shrink-0`}
            >
              <Pencil aria-hidden className="size-4" />
              Edit
            </Link>
          </div>
          <GroupChips groups={animal.groups} linked />
          <dl className="divide-y divide-stone-100 border-t border-stone-100">
            {detailRows(animal).map(({ label, value, empty = 'Not set' }) => (
              <div key={label} className="grid grid-cols-[7rem_1fr] gap-2 py-2 text-sm">
                <dt className="font-medium text-stone-600">{label}</dt>
                <dd className={`break-words ${value ? '' : 'text-stone-500 italic'}`}>{value ?? empty}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <AddEntryMenu basePath={`/animal/${animal.id}`} />
      <RemindersCard animalId={animal.id} />
      <section aria-labelledby="care-history-heading" className={`${cardClasses} space-y-3`}>
        <h3 id="care-history-heading" className="font-semibold">
          Care History
        </h3>
        <CareHistory animalId={animal.id} />
      </section>
    </div>
  );
}

export default function AnimalProfilePage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const animal = useQuery(animalQuery(animalId));

  if (animal.isPending) return <Loading tight>Loading animal...</Loading>;
  if (animal.isError) {
    if (isNotFound(animal.error)) return <AnimalNotFound />;
    return <LoadErrorAlert error={animal.error} onRetry={() => void animal.refetch()} />;
  }
  return <AnimalProfile animal={animal.data} />;
}
