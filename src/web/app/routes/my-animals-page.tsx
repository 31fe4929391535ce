// /my-animals: the farm's animals, found by a search (name, tag ID, breed), narrowed by group,
// species and sex and ordered by name (natural order), age or weight — all done by the server
// (GET /api/v1/animals?…), or with no signal by the device on its copy of the whole herd. The choice
// lives in the address, so a reload or Back keeps it. Adding, importing and deleting animals show
// only for those whose role may. From 1024 px the list can be
// a sortable 'Table' (its own chunk, loaded when chosen; the choice is remembered).
import { WaitingChanges } from '../../components/waiting-changes';
import { useQuery } from '@tanstack/react-query';
import { PawPrint, Printer, ScanBarcode, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  animalSortLabels,
  animalSortValues,
  noGroup,
  sexLabels,
  sexValues,
  underWithdrawal,
} from '../../../shared/animals/values';
import type { AnimalListItem } from '../../../shared/schemas/animals';
import { Loading, LoadError } from '../../components/page-states';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { speciesQuery, useDeleteAnimal } from '../../features/animals/api/animals';
import { groupChipsOf } from '../../features/animals/animal-display';
import { formatUsTime, isFiltered, readFilters, type FilterKey } from '../../features/animals/animal-filters';
import { AnimalCard } from '../../features/animals/components/animal-card';
import { AnimalsViewToggle, useAnimalsView } from '../../features/animals/components/animals-view';
import { useFilteredHerd } from '../../features/animals/use-filtered-herd';
import { groupsQuery } from '../../features/groups/api/groups';
import { farmsQuery, useCan } from '../../lib/farm';
import { stillArriving } from '../../lib/query-client';
import { profileQuery } from '../../lib/profile';

const searchDelay = 300;

const AnimalTable = lazy(() => import('../../features/animals/components/animal-table'));

/** The search box: typing updates the address (and so the list) after a short pause; Enter at once. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  // Back or Clear filters changed the address (not this box's own search): show what it holds.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text.trim();
      latest.current(text.trim());
    }, searchDelay);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <TextField
      label="Search"
      name="q"
      type="search"
      placeholder="Name, tag ID or breed"
      autoComplete="off"
      enterKeyHint="search"
      maxLength={100}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

export default function MyAnimalsPage() {
  const [params, setParams] = useSearchParams();
  const filter = readFilters(params);
  // with no signal the search runs on the device's copy of the herd
  const { animals, onDevice, herdUpdatedAt, list, stale, today } = useFilteredHerd(filter);
  const groups = useQuery(groupsQuery);
  const species = useQuery(speciesQuery);
  const profile = useQuery(profileQuery);
  const farms = useQuery(farmsQuery);
  const remove = useDeleteAnimal();
  const canChange = useCan('member');
  const toast = useToast();
  const [toDelete, setToDelete] = useState<AnimalListItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const view = useAnimalsView();

  /** Sets one part of the choice (blank: clears it), replacing the address so Back leaves the page. */
  const choose = (key: FilterKey, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const key of ['q', 'group', 'species', 'sex', 'withdrawal', 'past']) next.delete(key);
        return next;
      },
      { replace: true },
    );

  // the groups' chips, the farm's weight unit and the role's delete buttons are part of each card:
  // the list waits for them rather than drawing every card again as each arrives
  if (!onDevice && (animals.isPending || stillArriving(groups, species, profile, farms)))
    return <Loading place="tight">Loading animals...</Loading>;
  if (!onDevice && animals.isError)
    return <LoadError error={animals.error} onRetry={() => void animals.refetch()} look="alert" />;

  const filtered = isFiltered(filter);
  const weightUnit = profile.data?.weightUnit ?? 'lbs';

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

  const noAnimalsAtAll = !filtered && list.length === 0 && !stale;
  const deleteButton = (animal: AnimalListItem): ReactNode =>
    canChange && (
      <button
        type="button"
        onClick={() => setToDelete(animal)}
        aria-label={`Delete ${animal.name}`}
        title={`Delete ${animal.name}`}
        className="-mt-1 -mr-1 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 aria-hidden className="size-5" />
      </button>
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {filtered ? 'My Animals' : `My Animals (${list.length})`}
        </h2>
        <div className="flex flex-wrap gap-2">
          {!noAnimalsAtAll && <AnimalsViewToggle view={view.chosen} onChange={view.choose} />}
          <Link href="/scan" className={`${buttonBase} ${buttonClasses.secondary}`}>
            <ScanBarcode aria-hidden className="size-4" />
            Scan Tag
          </Link>
          {list.length > 0 && (
            <Link
              href={`/labels${params.size ? `?${params.toString()}` : ''}`}
              className={`${buttonBase} ${buttonClasses.secondary}`}
            >
              <Printer aria-hidden className="size-4" />
              Print Labels
            </Link>
          )}
          {canChange && (
            <>
              <Link href="/animals/import" className={`${buttonBase} ${buttonClasses.secondary}`}>
                Import Animals
              </Link>
              <Link href="/add-animal" className={`${buttonBase} ${buttonClasses.primary}`}>
                + Add Animal
              </Link>
            </>
          )}
        </div>
      </div>
      {onDevice && (
        <p role="status" className="text-sm font-medium text-stone-700">
          Offline — herd as of {formatUsTime(herdUpdatedAt)}
        </p>
      )}
      <WaitingChanges kind="animal" />
      {noAnimalsAtAll ? (
        <section className="space-y-2 rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
          <PawPrint aria-hidden className="mx-auto size-8 text-stone-500" />
          <h3 className="font-semibold">No Animals Found</h3>
          <p className="text-sm text-stone-700">
            {canChange
              ? "You haven't added any animals yet. Start by creating your first animal."
              : 'This farm has no animals yet.'}
          </p>
        </section>
      ) : (
        <>
          <form
            role="search"
            aria-label="Find animals"
            className="space-y-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
            onSubmit={(event) => {
              event.preventDefault();
              const text = new FormData(event.currentTarget).get('q');
              choose('q', typeof text === 'string' ? text.trim() : '');
            }}
          >
            <SearchBox value={filter.q ?? ''} onSearch={(text) => choose('q', text)} />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <SelectField
                label="Group"
                value={filter.group ?? ''}
                onChange={(event) => choose('group', event.target.value)}
              >
                <option value="">All groups</option>
                {groups.data?.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
                <option value={noGroup}>No group</option>
              </SelectField>
              <SelectField
                label="Species"
                value={filter.species ?? ''}
                onChange={(event) => choose('species', event.target.value)}
              >
                <option value="">All species</option>
                {species.data?.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Sex"
                value={filter.sex ?? ''}
                onChange={(event) => choose('sex', event.target.value)}
              >
                <option value="">Any sex</option>
                {sexValues.map((value) => (
                  <option key={value} value={value}>
                    {sexLabels[value]}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Sort by"
                value={filter.sort ?? 'name'}
                onChange={(event) => choose('sort', event.target.value === 'name' ? '' : event.target.value)}
              >
                {animalSortValues.map((value) => (
                  <option key={value} value={value}>
                    {animalSortLabels[value]}
                  </option>
                ))}
              </SelectField>
            </div>
            <label className="flex min-h-10 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={filter.withdrawal === underWithdrawal}
                onChange={(event) => choose('withdrawal', event.target.checked ? underWithdrawal : '')}
              />
              Under withdrawal only
            </label>
            <label className="flex min-h-10 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={filter.past === 'true'}
                onChange={(event) => choose('past', event.target.checked ? 'true' : '')}
              />
              Include past animals
            </label>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p role="status" className="text-sm font-medium text-stone-700">
                {list.length === 1 ? '1 animal' : `${list.length} animals`}
              </p>
              {filtered && (
                <Button variant="ghost" onClick={clearFilters}>
                  Clear filters
                </Button>
              )}
            </div>
          </form>
          {list.length === 0 ? (
            <section className="space-y-3 rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
              <h3 className="font-semibold">No animals match</h3>
              <p className="text-sm text-stone-700">Try another search, or clear the filters.</p>
              <Button variant="secondary" onClick={clearFilters}>
                Clear filters
              </Button>
            </section>
          ) : view.shown === 'table' ? (
            <div className={stale ? 'opacity-60' : ''}>
              <Suspense fallback={<Loading place="tight">Loading animals...</Loading>}>
                <AnimalTable
                  animals={list}
                  groupsOf={(animal) => groupChipsOf(animal.groupIds, groups.data)}
                  today={today}
                  weightUnit={weightUnit}
                  action={canChange ? deleteButton : undefined}
                />
              </Suspense>
            </div>
          ) : (
            <ul
              className={`space-y-3 lg:grid lg:grid-cols-2 lg:gap-3 lg:space-y-0 ${stale ? 'opacity-60' : ''}`}
            >
              {list.map((animal) => (
                <li key={animal.id}>
                  <AnimalCard
                    animal={animal}
                    groups={groupChipsOf(animal.groupIds, groups.data)}
                    today={today}
                    weightUnit={weightUnit}
                    action={deleteButton(animal)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
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
