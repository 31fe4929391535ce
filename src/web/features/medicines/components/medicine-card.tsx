// One medicine of the cabinet: its label in words, 'In stock: 87 mL' (expired lots apart), 'Low
// stock', and its lots with 'Expires {date}', each a link to its page. Members see Edit, Add Stock,
// and Dispose / Correct for each lot; a farm sitter sees the same without them.
import { Link } from 'wouter';
import { useState } from 'react';
import { amountText, doseText, scheduleText } from '../../../../shared/medicines/labels';
import { medicineRouteLabels } from '../../../../shared/medicines/units';
import type { Lot, Medicine } from '../../../../shared/schemas/medicines';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { formatUsDate } from '../../../lib/dates';
import { LotMovementDialog, type MovementKindChosen } from './lot-movement-dialog';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

function LotRow({
  lot,
  medicine,
  canManage,
  onMove,
}: {
  lot: Lot;
  medicine: Medicine;
  canManage: boolean;
  onMove: (kind: MovementKindChosen) => void;
}) {
  const expiry = formatUsDate(lot.expiresOn);
  const name = lot.lotNumber ? `lot ${lot.lotNumber}` : 'the lot without a number';
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 text-sm">
        <p className="font-medium [overflow-wrap:anywhere]">
          {/* the lot's page: its details, history and (for members) 'Edit lot' */}
          <Link
            href={`/medicines/${medicine.id}/lots/${lot.id}`}
            className="underline decoration-stone-400 underline-offset-2 hover:decoration-stone-900"
          >
            {lot.lotNumber ? `Lot ${lot.lotNumber}` : 'No lot number'}
          </Link>
          : {amountText(lot.stock, medicine.unit)}
        </p>
        <p className={lot.expired ? 'text-red-700' : 'text-stone-600'}>
          {expiry ? (lot.expired ? `Expired ${expiry}` : `Expires ${expiry}`) : 'No expiry date'}
        </p>
      </div>
      {canManage && !medicine.archivedAt && (
        <div className="flex gap-1">
          <Button
            variant="ghost"
            className="min-h-9"
            aria-label={`Dispose ${name}`}
            onClick={() => onMove('disposed')}
          >
            Dispose
          </Button>
          <Button
            variant="ghost"
            className="min-h-9"
            aria-label={`Correct ${name}`}
            onClick={() => onMove('corrected')}
          >
            Correct
          </Button>
        </div>
      )}
    </li>
  );
}

export function MedicineCard({ medicine, canManage }: { medicine: Medicine; canManage: boolean }) {
  const [moving, setMoving] = useState<{ lot: Lot; kind: MovementKindChosen } | null>(null);
  const dose = doseText(medicine.dose, medicine.unit);
  const schedule = scheduleText(medicine.schedule);
  const usable = medicine.lots.filter((lot) => !lot.expired);
  const expired = medicine.lots.filter((lot) => lot.expired);
  const headingId = `medicine-${medicine.id}`;
  const lotRow = (lot: Lot) => (
    <LotRow
      key={lot.id}
      lot={lot}
      medicine={medicine}
      canManage={canManage}
      onMove={(kind) => setMoving({ lot, kind })}
    />
  );

  return (
    <article aria-labelledby={headingId} className={`${cardClasses} space-y-3`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={headingId} className="text-base font-semibold [overflow-wrap:anywhere]">
            {medicine.name}
          </h3>
          {medicine.activeIngredient && (
            <p className="text-sm [overflow-wrap:anywhere] text-stone-600">{medicine.activeIngredient}</p>
          )}
        </div>
        {medicine.lowStock && <span className={`${badge} bg-amber-100 text-amber-900`}>Low stock</span>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {dose && (
          <>
            <dt className="text-stone-600">Dose</dt>
            <dd>{dose}</dd>
          </>
        )}
        {medicine.route && (
          <>
            <dt className="text-stone-600">Route</dt>
            <dd>{medicineRouteLabels[medicine.route]}</dd>
          </>
        )}
        {schedule && (
          <>
            <dt className="text-stone-600">Schedule</dt>
            <dd>{schedule}</dd>
          </>
        )}
      </dl>
      <p className="font-medium">In stock: {amountText(medicine.inStock, medicine.unit)}</p>
      {usable.length > 0 && (
        <ul
          aria-label={`${medicine.name} lots`}
          className="divide-y divide-stone-200 border-t border-stone-200"
        >
          {usable.map(lotRow)}
        </ul>
      )}
      {expired.length > 0 && (
        <section aria-label={`${medicine.name} expired lots`} className="rounded-lg bg-red-50 px-3 py-1">
          <p className="pt-2 text-sm font-semibold text-red-800">
            Expired: {amountText(medicine.expiredStock, medicine.unit)}
          </p>
          <ul className="divide-y divide-red-200">{expired.map(lotRow)}</ul>
        </section>
      )}
      {canManage && (
        <div className="flex flex-wrap gap-2">
          {!medicine.archivedAt && (
            <Link
              href={`/medicines/${medicine.id}/stock`}
              className={`${buttonBase} ${buttonClasses.primary}`}
              aria-label={`Add Stock: ${medicine.name}`}
            >
              Add Stock
            </Link>
          )}
          <Link
            href={`/medicines/${medicine.id}/edit`}
            className={`${buttonBase} ${buttonClasses.secondary}`}
            aria-label={`Edit ${medicine.name}`}
          >
            Edit
          </Link>
        </div>
      )}
      {moving && (
        <LotMovementDialog
          lot={moving.lot}
          kind={moving.kind}
          unit={medicine.unit}
          onClose={() => setMoving(null)}
        />
      )}
    </article>
  );
}
