// 'Edit lot': what the label and the invoice say (lot number, expiry, supplier, price), checked by
// the same schema as PATCH /medicine-lots/{id}. Never the stock: a movement moves that (decision 0039).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { lotUpdateSchema, type Lot, type LotUpdate } from '../../../../shared/schemas/medicines';
import { FormButtons } from '../../../components/form-buttons';
import { useToast } from '../../../components/ui/toaster';
import { LeaveGuardDialog, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { reportSaveError, sameNames } from '../../../lib/form-errors';
import { useUpdateLot } from '../api/medicines';
import { LotFields } from './lot-fields';

type Values = { lotNumber: string; expiresOn: string; supplier: string; price: string };
const fields = ['lotNumber', 'expiresOn', 'supplier', 'price'] as const;

const schema = z.pipe(
  z.pipe(
    z.custom<Values>(),
    z.transform((values): LotUpdate => ({
      lotNumber: values.lotNumber,
      expiresOn: values.expiresOn || null,
      supplier: values.supplier,
      // blank is no price; Number('') would be 0
      price: values.price.trim() === '' ? null : Number(values.price),
    })),
  ),
  lotUpdateSchema,
);
const resolver = zodResolver(schema);

const valuesOf = (lot: Lot): Values => ({
  lotNumber: lot.lotNumber ?? '',
  expiresOn: lot.expiresOn ?? '',
  supplier: lot.supplier ?? '',
  price: lot.price === null ? '' : String(lot.price),
});

export function LotForm({ lot, onDone }: { lot: Lot; onDone: () => void }) {
  const toast = useToast();
  const updateLot = useUpdateLot();
  const form = useForm<Values, unknown, z.output<typeof schema>>({ resolver, defaultValues: valuesOf(lot) });
  const { errors } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);

  const submit = form.handleSubmit(async (changes) => {
    try {
      await updateLot.mutateAsync({ lotId: lot.id, changes });
      toast({ title: 'Lot saved' });
      await guard.allowLeave();
      onDone();
    } catch (error) {
      reportSaveError(error, {
        setError: form.setError,
        fieldFor: sameNames<Values>(fields),
        toast,
        title: 'Failed to save the lot. Please try again.',
      });
    }
  });

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      <form aria-label="Edit lot" onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <LotFields autoFocus field={(name) => ({ ...form.register(name), error: errors[name]?.message })} />
        <FormButtons
          submitLabel="Save Lot"
          saving={updateLot.isPending}
          onCancel={() => void guard.allowLeave().then(onDone)}
        />
      </form>
    </>
  );
}
