// /medicines/new ('Add Medicine') and /medicines/:id/edit ('Edit Medicine', with Archive or
// Unarchive, and Delete, which the server allows only for a medicine that never had stock: its 409
// says why). Members only (the router's membersOnly).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { useGoBack } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { useAwaitingServer } from '../../lib/awaiting-server';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { profileQuery } from '../../lib/profile';
import type { Medicine } from '../../../shared/schemas/medicines';
import { medicineQuery, useDeleteMedicine, useSetArchived } from './api/medicines';
import { MedicineForm } from './components/medicine-form';
import { cabinet, FormCard } from './components/form-card';

type Asking = 'archive' | 'delete' | null;

/** Archive (or bring back) and Delete, each asked first. */
function MedicineActions({ medicine }: { medicine: Medicine }) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState<Asking>(null);
  const setArchived = useSetArchived();
  const remove = useDeleteMedicine();
  const archived = medicine.archivedAt !== null;

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      toast({ title: done, description: medicine.name });
      navigate(cabinet);
    } catch (error) {
      setAsking(null);
      // a medicine with stock records cannot be deleted: the server's 409 says so
      toast({ title: failed, description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-4">
      <Button variant="secondary" onClick={() => setAsking('archive')}>
        {archived ? 'Unarchive' : 'Archive'}
      </Button>
      <Button variant="ghost" className="text-red-700" onClick={() => setAsking('delete')}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking === 'archive'}
        title={archived ? 'Unarchive this medicine?' : 'Archive this medicine?'}
        message={
          archived
            ? `${medicine.name} comes back into the cabinet.`
            : `${medicine.name} leaves the cabinet; its lots and history are kept.`
        }
        confirmLabel={archived ? 'Unarchive' : 'Archive'}
        busy={setArchived.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          void run(
            () => setArchived.mutateAsync({ id: medicine.id, archived: !archived }),
            archived ? 'Medicine unarchived' : 'Medicine archived',
            archived ? 'Could not unarchive the medicine' : 'Could not archive the medicine',
          )
        }
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete this medicine?"
        message={`${medicine.name} is deleted. A medicine that had stock is archived instead.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          void run(() => remove.mutateAsync(medicine.id), 'Medicine deleted', 'Could not delete the medicine')
        }
      />
    </div>
  );
}

export default function MedicineFormPage() {
  const { id } = useParams<{ id?: string }>();
  const medicine = useQuery({ ...medicineQuery(id ?? ''), enabled: id !== undefined });
  const profile = useQuery(profileQuery);
  // the form keeps the medicine as it was drawn: the server's, not an older copy's
  const fromCopy = useAwaitingServer(medicine);
  const goBack = useGoBack(cabinet);
  const [, navigate] = useLocation();

  if (profile.isPending || (id && medicine.isPending) || fromCopy) return <Loading />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  if (id && medicine.isError) {
    if (isNotFound(medicine.error)) return <NotFound title="Medicine not found" />;
    return <LoadError error={medicine.error} onRetry={() => void medicine.refetch()} />;
  }
  const editing = id ? medicine.data : undefined;
  return (
    <FormCard title={editing ? 'Edit Medicine' : 'Add Medicine'} subtitle={editing?.name}>
      <MedicineForm
        key={editing?.updatedAt}
        medicine={editing}
        farmWeightUnit={profile.data.weightUnit}
        onDone={() => navigate(cabinet)}
        onCancel={goBack}
      />
      {editing && <MedicineActions medicine={editing} />}
    </FormCard>
  );
}
