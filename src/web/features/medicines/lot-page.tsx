// /medicines/:id/lots/:lotId, a lot's page: the medicine's name, what the lot is (number, expiry,
// supplier, price, stock in hand) and its history, newest first. Owners and members edit the lot
// and dispose of or correct its stock; a farm sitter reads it. The lot comes from its medicine
// (GET /medicines/{id} carries every lot, empty ones too), so a write that refreshes the cabinet
// refreshes this page too.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { amountText } from '../../../shared/medicines/labels';
import type { Lot, Medicine } from '../../../shared/schemas/medicines';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { formatUsDate } from '../../lib/dates';
import { useCan } from '../../lib/farm';
import { medicineQuery } from './api/medicines';
import { cabinet } from './components/form-card';
import { LotForm } from './components/lot-form';
import { LotMovementDialog, type MovementKindChosen } from './components/lot-movement-dialog';
import { MovementList } from './components/movement-list';
import { formatNumber } from '../../../shared/units/numbers';

const priceText = (price: number) =>
  formatNumber(price, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-stone-600">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

function LotDetails({ lot, medicine }: { lot: Lot; medicine: Medicine }) {
  const expiry = formatUsDate(lot.expiresOn);
  return (
    <dl aria-label="Lot details" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <Detail term="Lot number">{lot.lotNumber ?? 'None'}</Detail>
      <Detail term={lot.expired ? 'Expired' : 'Expires'}>
        <span className={lot.expired ? 'font-semibold text-red-700' : undefined}>
          {expiry ?? 'No expiry date'}
        </span>
      </Detail>
      <Detail term="Supplier">{lot.supplier ?? 'Not recorded'}</Detail>
      <Detail term="Price">{lot.price === null ? 'Not recorded' : priceText(lot.price)}</Detail>
      {lot.receivedOn && <Detail term="Received">{formatUsDate(lot.receivedOn)}</Detail>}
      <Detail term="In stock">
        <span className="font-semibold">{amountText(lot.stock, medicine.unit)}</span>
      </Detail>
    </dl>
  );
}

function LotCard({ lot, medicine }: { lot: Lot; medicine: Medicine }) {
  const canManage = useCan('member') && medicine.archivedAt === null;
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState<MovementKindChosen | null>(null);
  const title = lot.lotNumber ? `Lot ${lot.lotNumber}` : 'Lot without a number';

  return (
    <section aria-labelledby="lot-heading" className={`${cardClasses} space-y-4`}>
      <div className="space-y-0.5">
        <h2 id="lot-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
          {medicine.name}
        </h2>
        <p className="text-sm [overflow-wrap:anywhere] text-stone-600">{title}</p>
      </div>
      {editing ? (
        <LotForm lot={lot} onDone={() => setEditing(false)} />
      ) : (
        <>
          <LotDetails lot={lot} medicine={medicine} />
          {canManage && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit lot
              </Button>
              <Button variant="ghost" onClick={() => setMoving('disposed')}>
                Dispose
              </Button>
              <Button variant="ghost" onClick={() => setMoving('corrected')}>
                Correct
              </Button>
            </div>
          )}
        </>
      )}
      {moving && (
        <LotMovementDialog lot={lot} kind={moving} unit={medicine.unit} onClose={() => setMoving(null)} />
      )}
    </section>
  );
}

export default function LotPage() {
  const { id, lotId } = useParams<{ id: string; lotId: string }>();
  const medicine = useQuery(medicineQuery(id));
  if (medicine.isPending) return <Loading />;
  if (medicine.isError) {
    if (isNotFound(medicine.error)) return <NotFound title="Medicine not found" />;
    return <LoadError error={medicine.error} onRetry={() => void medicine.refetch()} />;
  }
  const lot = medicine.data.lots.find((each) => each.id === lotId.toLowerCase());
  if (!lot) return <NotFound title="Lot not found" />;

  return (
    <div className="space-y-3">
      <BackButton fallback={cabinet} />
      <LotCard lot={lot} medicine={medicine.data} />
      <section aria-labelledby="history-heading" className={`${cardClasses} space-y-3`}>
        <h3 id="history-heading" className="text-base font-semibold">
          History
        </h3>
        <MovementList lotId={lot.id} unit={medicine.data.unit} />
      </section>
    </div>
  );
}
