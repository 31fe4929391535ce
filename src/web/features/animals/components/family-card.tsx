// An animal's 'Pedigree' (three generations of ancestors, linked to those on this farm) and its
// 'Offspring', from one request (GET /animals/{id}/family).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AnimalFamily, PedigreeNode } from '../../../../shared/schemas/animals';
import { LoadError, Loading } from '../../../components/page-states';
import { cardClasses } from '../../../components/ui/card';
import { formatUsDate } from '../../../lib/dates';
import { animalFamilyQuery } from '../api/animals';
import { sexLabel } from '../animal-display';

const sides = [
  ['dam', 'Dam'],
  ['sire', 'Sire'],
] as const;

// at least 24×24 px to tap (WCAG 2.2 AA, target size), however short the name
const linkClasses =
  'inline-flex min-h-6 min-w-6 max-w-full items-center font-medium text-brand-700 underline underline-offset-4';

function AnimalName({ id, name }: { id: string | null; name: string }) {
  return id ? (
    <Link href={`/animal/${id}`} className={linkClasses}>
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

/** The parents of the animal at `path` ('' the animal itself), each with theirs nested below. */
function Ancestors({ byPosition, path }: { byPosition: Map<string, PedigreeNode>; path: string }) {
  const parents = sides
    .map(([side, label]) => ({ label, node: byPosition.get(path ? `${path}.${side}` : side) }))
    .filter((parent): parent is { label: 'Dam' | 'Sire'; node: PedigreeNode } => Boolean(parent.node));
  if (!parents.length) return null;
  return (
    <ul className={path ? 'mt-1 space-y-1 border-l-2 border-stone-200 pl-3' : 'space-y-2'}>
      {parents.map(({ label, node }) => (
        <li key={node.position} className="text-sm [overflow-wrap:anywhere]">
          <span className="text-stone-600">{label}: </span>
          <AnimalName id={node.id} name={node.name} />
          <Ancestors byPosition={byPosition} path={node.position} />
        </li>
      ))}
    </ul>
  );
}

function Family({ family }: { family: AnimalFamily }) {
  const byPosition = new Map(family.pedigree.map((node) => [node.position, node]));
  return (
    <>
      <section aria-labelledby="pedigree-heading" className={`${cardClasses} space-y-2`}>
        <h3 id="pedigree-heading" className="font-semibold">
          Pedigree
        </h3>
        {family.pedigree.length ? (
          <Ancestors byPosition={byPosition} path="" />
        ) : (
          <p className="text-sm text-stone-600">No dam or sire recorded.</p>
        )}
      </section>
      <section aria-labelledby="offspring-heading" className={`${cardClasses} space-y-2`}>
        <h3 id="offspring-heading" className="font-semibold">
          Offspring
        </h3>
        {family.offspring.length ? (
          <ul className="divide-y divide-stone-100 border-t border-stone-100">
            {family.offspring.map((child) => (
              <li key={child.id} className="flex flex-wrap items-baseline gap-x-2 py-2 text-sm">
                <span className="[overflow-wrap:anywhere]">
                  <AnimalName id={child.id} name={child.name} />
                </span>
                <span className="text-stone-600">
                  {[sexLabel(child.sex), child.birthDate && `Born ${formatUsDate(child.birthDate)}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">No offspring recorded.</p>
        )}
      </section>
    </>
  );
}

export function FamilyCards({ animalId }: { animalId: string }) {
  const family = useQuery(animalFamilyQuery(animalId));
  if (family.isPending)
    return (
      <section className={`${cardClasses}`}>
        <h3 className="font-semibold">Pedigree</h3>
        <Loading place="section">Loading family...</Loading>
      </section>
    );
  if (family.isError)
    return <LoadError error={family.error} onRetry={() => void family.refetch()} look="alert" />;
  return <Family family={family.data} />;
}
