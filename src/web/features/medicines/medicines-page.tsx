// /medicines, 'Medicine Cabinet': what is on the shelf (each medicine's stock in hand, its lots and
// their expiry, expired lots apart, 'Low stock'), and behind 'Show archived' the medicines no
// longer used. Owners and members add and stock medicines; a farm sitter reads it.
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Medicine } from '../../../shared/schemas/medicines';
import { Loading, LoadError } from '../../components/page-states';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { useCan } from '../../lib/farm';
import { medicinesQuery } from './api/medicines';
import { MedicineCard } from './components/medicine-card';

const addLink = `${buttonBase} ${buttonClasses.primary}`;

function MedicineList({ medicines, canManage }: { medicines: Medicine[]; canManage: boolean }) {
  return (
    // from 1024 px two columns: a laptop shows twice the shelf, not a phone's column in the middle
    <ul className="space-y-3 lg:grid lg:grid-cols-2 lg:items-start lg:gap-4 lg:space-y-0">
      {medicines.map((medicine) => (
        <li key={medicine.id}>
          <MedicineCard medicine={medicine} canManage={canManage} />
        </li>
      ))}
    </ul>
  );
}

function ArchivedMedicines({ canManage }: { canManage: boolean }) {
  const archived = useQuery(medicinesQuery(true));
  if (archived.isPending) return <Loading place="section" />;
  if (archived.isError)
    return <LoadError look="inline" error={archived.error} onRetry={() => void archived.refetch()} />;
  if (archived.data.length === 0) return <p className="text-sm text-stone-600">No archived medicines.</p>;
  return <MedicineList medicines={archived.data} canManage={canManage} />;
}

export default function MedicinesPage() {
  const medicines = useQuery(medicinesQuery());
  const canManage = useCan('member');
  const [showArchived, setShowArchived] = useState(false);

  if (medicines.isPending) return <Loading />;
  if (medicines.isError)
    return <LoadError error={medicines.error} onRetry={() => void medicines.refetch()} />;

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          Medicine Cabinet <span className="font-normal text-stone-600">({medicines.data.length})</span>
        </h2>
        {canManage && medicines.data.length > 0 && (
          <Link href="/medicines/new" className={addLink}>
            <Plus aria-hidden className="size-4" />
            Add Medicine
          </Link>
        )}
      </div>
      {medicines.data.length === 0 ? (
        <div className={`${cardClasses} space-y-3 py-8 text-center`}>
          <p className="font-medium">No medicines yet</p>
          <p className="text-sm text-stone-600">
            Keep what is on the shelf here: its dose, withdrawal, stock and expiry.
          </p>
          {canManage && (
            <Link href="/medicines/new" className={addLink}>
              <Plus aria-hidden className="size-4" />
              Add Medicine
            </Link>
          )}
        </div>
      ) : (
        <MedicineList medicines={medicines.data} canManage={canManage} />
      )}
      <section aria-label="Archived medicines" className="space-y-3">
        <Button
          variant="link"
          aria-expanded={showArchived}
          onClick={() => setShowArchived((shown) => !shown)}
        >
          {showArchived ? 'Hide archived' : 'Show archived'}
        </Button>
        {showArchived && <ArchivedMedicines canManage={canManage} />}
      </section>
    </div>
  );
}
