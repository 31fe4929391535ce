// What a group edit changes: the whole batch (for a weight, the date; the value is one animal's).
import { Info } from 'lucide-react';
import type { EntryType } from '../../../../shared/schemas/care';

export function BatchNotice({
  type,
  size,
  animalName,
  everyWeight,
}: {
  type: EntryType;
  size: number | null;
  animalName: string;
  /** the form shows every animal's weight */
  everyWeight: boolean;
}) {
  const all =
    size === null
      ? 'every animal it was applied to'
      : size === 1
        ? 'the 1 animal it was applied to'
        : `all ${size} animals it was applied to`;
  return (
    <p className="flex gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        {type === 'weight' && everyWeight ? (
          <>This changes the date and the weights for {all}.</>
        ) : type === 'weight' ? (
          <>
            This changes the date for {all}. The weight is {animalName}&apos;s only: change another
            animal&apos;s weight from its Care History.
          </>
        ) : (
          <>This changes the entry for {all}.</>
        )}
      </span>
    </p>
  );
}
