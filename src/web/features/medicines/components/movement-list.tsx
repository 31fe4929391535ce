// A lot's history: its movements newest first, each with the day, what happened (Received, Used,
// Disposed, Corrected), the signed quantity in the medicine's unit, the note and who recorded it.
// Ten at first and 'Show more' (a page of fifty is read at once, the next when those are shown).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { amountText } from '../../../../shared/medicines/labels';
import type { MedicineUnit, Movement, MovementKind } from '../../../../shared/schemas/medicines';
import { LoadError, Loading } from '../../../components/page-states';
import { Button } from '../../../components/ui/button';
import { usDate } from '../../../lib/dates';
import { lotMovementPagesQuery } from '../api/medicines';

const kindLabels: Record<MovementKind, string> = {
  received: 'Received',
  used: 'Used',
  disposed: 'Disposed',
  corrected: 'Corrected',
};

/** Rows shown at first, and added by each 'Show more'. */
const shownStep = 10;

/** '+100 mL', '−5 mL': what the movement did to the lot's stock. */
const signedAmount = (quantity: number, unit: MedicineUnit) =>
  `${quantity < 0 ? '−' : '+'}${amountText(Math.abs(quantity), unit)}`;

function MovementRow({ movement, unit }: { movement: Movement; unit: MedicineUnit }) {
  return (
    <li className="space-y-0.5 py-3 first:pt-0 last:pb-0">
      <p className="text-xs font-medium text-stone-600">
        <time dateTime={movement.occurredOn}>{usDate(movement.occurredOn)}</time>
        {movement.recordedBy && <> · by {movement.recordedBy}</>}
      </p>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 font-semibold text-stone-900">
        <span>{kindLabels[movement.kind]}</span>
        <span className={`whitespace-nowrap ${movement.quantity < 0 ? 'text-red-800' : 'text-green-800'}`}>
          {signedAmount(movement.quantity, unit)}
        </span>
      </p>
      {movement.note && <p className="text-sm [overflow-wrap:anywhere] text-stone-700">{movement.note}</p>}
    </li>
  );
}

export function MovementList({ lotId, unit }: { lotId: string; unit: MedicineUnit }) {
  const movements = useInfiniteQuery(lotMovementPagesQuery(lotId));
  const [shown, setShown] = useState(shownStep);

  if (movements.isPending) return <Loading place="section">Loading history...</Loading>;
  if (movements.isError)
    return <LoadError error={movements.error} onRetry={() => void movements.refetch()} look="inline" />;
  const seen = new Set<string>();
  // a movement written meanwhile moves the pages by one: each shows once
  const items = movements.data.pages
    .flatMap((page) => page.items)
    .filter((movement) => (seen.has(movement.id) ? false : (seen.add(movement.id), true)));
  if (!items.length) return <p className="text-sm text-stone-600">No movements yet.</p>;

  return (
    <>
      <ul aria-label="Lot history" className="divide-y divide-stone-100">
        {items.slice(0, shown).map((movement) => (
          <MovementRow key={movement.id} movement={movement} unit={unit} />
        ))}
      </ul>
      {(shown < items.length || movements.hasNextPage) && (
        <Button
          variant="secondary"
          className="w-full"
          disabled={movements.isFetchingNextPage}
          onClick={() => {
            if (shown >= items.length) void movements.fetchNextPage();
            setShown(shown + shownStep);
          }}
        >
          {movements.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
    </>
  );
}
