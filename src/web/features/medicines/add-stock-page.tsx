// /medicines/:id/stock, 'Add Stock': a lot (quantity in the medicine's unit, lot number, expiry,
// supplier, price) and its 'received' movement, written together by the server. Members only.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { amountText } from '../../../shared/medicines/labels';
import {
  lotCreateSchema,
  medicineUnitLabels,
  type LotCreate,
  type Medicine,
} from '../../../shared/schemas/medicines';
import { useGoBack } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { FormButtons } from '../../components/form-buttons';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { LeaveGuardDialog, useLeaveGuard } from '../../hooks/use-leave-guard';
import { reportSaveError, sameNames } from '../../lib/form-errors';
import { medicineQuery, useAddLot } from './api/medicines';
import { cabinet, FormCard } from './components/form-card';
import { LotFields } from './components/lot-fields';

type Values = { quantity: string; lotNumber: string; expiresOn: string; supplier: string; price: string };
const fields = ['quantity', 'lotNumber', 'expiresOn', 'supplier', 'price'] as const;

// blank is missing, so the schema's own messages speak; Number('') would be 0
const numberOr = <T,>(value: string, blank: T) => (value.trim() === '' ? blank : Number(value));

const schemaFor = (id: string) =>
  z.pipe(
    z.pipe(
      z.custom<Values>(),
      z.transform((values): LotCreate => ({
        id,
        quantity: numberOr(values.quantity, undefined) as number,
        lotNumber: values.lotNumber,
        expiresOn: values.expiresOn || null,
        supplier: values.supplier,
        price: numberOr(values.price, null),
      })),
    ),
    lotCreateSchema,
  );
type Output = z.output<ReturnType<typeof schemaFor>>;

function AddStockForm({ medicine }: { medicine: Medicine }) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const goBack = useGoBack(cabinet);
  const addLot = useAddLot();
  // chosen once: a retry or a double tap is one lot
  const [id] = useState(() => crypto.randomUUID());
  const resolver = useMemo(() => zodResolver(schemaFor(id)), [id]);
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: { quantity: '', lotNumber: '', expiresOn: '', supplier: '', price: '' },
  });
  const { errors } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);

  const submit = form.handleSubmit(async (input) => {
    try {
      const lot = await addLot.mutateAsync({ medicineId: medicine.id, input: { ...input, id } });
      toast({
        title: 'Stock added',
        description: `${medicine.name}: ${amountText(lot.stock, medicine.unit)}`,
      });
      await guard.allowLeave();
      navigate(cabinet);
    } catch (error) {
      reportSaveError(error, {
        setError: form.setError,
        fieldFor: sameNames<Values>(fields),
        toast,
        title: 'Failed to add the stock. Please try again.',
      });
    }
  });

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label={`Quantity (${medicineUnitLabels[medicine.unit]})`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          error={errors.quantity?.message}
          {...form.register('quantity')}
        />
        <LotFields field={(name) => ({ ...form.register(name), error: errors[name]?.message })} />
        <FormButtons
          submitLabel="Add Stock"
          saving={addLot.isPending}
          onCancel={() => void guard.allowLeave().then(goBack)}
        />
      </form>
    </>
  );
}

export default function AddStockPage() {
  const { id } = useParams<{ id: string }>();
  const medicine = useQuery(medicineQuery(id));
  if (medicine.isPending) return <Loading />;
  if (medicine.isError) {
    if (isNotFound(medicine.error)) return <NotFound title="Medicine not found" />;
    return <LoadError error={medicine.error} onRetry={() => void medicine.refetch()} />;
  }
  return (
    <FormCard
      title="Add Stock"
      subtitle={`${medicine.data.name} · In stock: ${amountText(medicine.data.inStock, medicine.data.unit)}`}
    >
      <AddStockForm medicine={medicine.data} />
    </FormCard>
  );
}
