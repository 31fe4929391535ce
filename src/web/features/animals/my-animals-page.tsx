// /my-animals: every animal of the farm, by name, with its groups; delete after a confirmation.
import { useQuery } from '@tanstack/react-query';
import { PawPrint, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Animal } from '../../../shared/schemas/animals';
import { LoadErrorAlert, Loading } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toaster';
import { formatUsDate } from '../../lib/dates';
import { animalsQuery, useDeleteAnimal } from './api/animals';
import { sexLabel } from './animal-display';
import { GroupChips } from './components/group-chip';

function AnimalCard({ animal, onDelete }: { animal: Animal; onDelete: () => void }) {
  const headingId = `animal-${animal.id}`;
  return (
    <article aria-labelledby={headingId} className={`${cardClasses} space-y-3`}>
      <div className="flex items-start gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-stone-100 text-stone-500">
          {animal.thumbnailUrl ? (
            <img src={animal.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <PawPrint aria-hidden className="size-7" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold break-words">
            {animal.name}
          </h3>
          <p className="text-sm text-stone-600">{animal.speciesName ?? 'Unknown Species'}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-stone-700">
            <span>Sex: {sexLabel(animal.sex) ?? 'N/A'}</span>
            <span>Born: {formatUsDate(animal.birthDate) ?? 'N/A'}</span>
          </p>
          {(animal.breed || animal.tagId) && (
            <p className="flex flex-wrap gap-x-3 text-sm text-stone-700">
              {animal.breed && <span className="break-words">Breed: {animal.breed}</span>}
              {animal.tagId && <span className="break-words">Tag: {animal.tagId}</span>}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${animal.name}`}
          title={`Delete ${animal.name}`}
          className="-mt-1 -mr-1 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 aria-hidden className="size-5" />
        </button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <GroupChips groups={animal.groups} />
        <Link href={`/animal/${animal.id}`} className={`${buttonBase} ${buttonClasses.secondary} ml-auto`}>
          View Profile
        </Link>
      </div>
    </article>
  );
}

export default function MyAnimalsPage() {
  const animals = useQuery(animalsQuery);
  const remove = useDeleteAnimal();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<Animal | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (animals.isPending) return <Loading tight>Loading animals...</Loading>;
  if (animals.isError) return <LoadErrorAlert error={animals.error} onRetry={() => void animals.refetch()} />;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast({ title: 'Animal deleted successfully' });
      // The focused delete button is gone with its card: continue from the list's heading.
      window.setTimeout(() => heading.current?.focus(), 0);
    } catch {
      toast({ title: 'Failed to delete animal. Please try again.', variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
          My Animals ({animals.data.length})
        </h2>
        <Link href="/add-animal" className={`${buttonBase} ${buttonClasses.primary}`}>
          + Add Animal
        </Link>
      </div>
      {animals.data.length === 0 ? (
        <section className="space-y-2 rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
          <PawPrint aria-hidden className="mx-auto size-8 text-stone-500" />
          <h3 className="font-semibold">No Animals Found</h3>
          <p className="text-sm text-stone-700">
            You haven't added any animals yet. Start by creating your first animal.
          </p>
        </section>
      ) : (
        <ul className="space-y-3">
          {animals.data.map((animal) => (
            <li key={animal.id}>
              <AnimalCard animal={animal} onDelete={() => setToDelete(animal)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete animal?'}
        message="Are you sure you want to delete this animal? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
