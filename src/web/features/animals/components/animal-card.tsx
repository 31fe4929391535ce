// An animal's card, the one used on My Animals and on a group's animal list: thumbnail, name,
// species, sex, birth date and age, latest weight in the farm's unit, breed and tag, withdrawal
// badges, its groups and 'View Profile' (one label on both lists). Long names and tags wrap;
// nothing scrolls sideways at 360 px.
import { PawPrint } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AnimalListItem } from '../../../../shared/schemas/animals';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { formatUsDate } from '../../../lib/dates';
import { animalAge, animalWeight, exitBadge, sexLabel } from '../animal-display';
import { GroupChips, type Chip } from './group-chip';
import { WithdrawalBadges } from './withdrawal-badges';

export function AnimalCard({
  animal,
  groups,
  today,
  weightUnit,
  action,
}: {
  animal: AnimalListItem;
  /** its groups as chips (the list names them by id: groupChipsOf) */
  groups: Chip[];
  /** the farm's calendar date, for the age */
  today: string;
  weightUnit: WeightUnit;
  /** a control at the card's top right (My Animals: delete) */
  action?: ReactNode;
}) {
  const headingId = `animal-${animal.id}`;
  const age = animalAge(animal, today);
  const weight = animalWeight(animal, weightUnit);
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
          <h3 id={headingId} className="font-semibold [overflow-wrap:anywhere]">
            {animal.name}
          </h3>
          <p className="text-sm [overflow-wrap:anywhere] text-stone-600">
            {animal.speciesName ?? 'Unknown Species'}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-stone-700">
            <span>Sex: {sexLabel(animal.sex) ?? 'N/A'}</span>
            <span>Born: {formatUsDate(animal.birthDate) ?? 'N/A'}</span>
            {age && <span>Age: {age}</span>}
            {weight && <span>Weight: {weight}</span>}
          </p>
          {(animal.breed || animal.tagId) && (
            <p className="flex flex-wrap gap-x-3 text-sm text-stone-700">
              {animal.breed && (
                <span className="min-w-0 [overflow-wrap:anywhere]">Breed: {animal.breed}</span>
              )}
              {animal.tagId && <span className="min-w-0 [overflow-wrap:anywhere]">Tag: {animal.tagId}</span>}
            </p>
          )}
        </div>
        {action}
      </div>
      {animal.exit && (
        <p className="w-fit rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
          {exitBadge(animal.exit)}
        </p>
      )}
      <WithdrawalBadges withdrawal={animal.withdrawal} today={today} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <GroupChips groups={groups} />
        <Link href={`/animal/${animal.id}`} className={`${buttonBase} ${buttonClasses.secondary} ml-auto`}>
          View Profile
        </Link>
      </div>
    </article>
  );
}
