// 'Dispose' or 'Correct' a lot: a movement, never an edit of its stock (decision 0039). Disposing
// takes the quantity off; a correction adds it (negative to take off). Too little stock is the
// server's 422 on `quantity` ('Only 12 mL in stock'), shown on the field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { amountText } from '../../../../shared/medicines/labels';
import {
  medicineUnitLabels,
  movementCreateSchema,
  type Lot,
  type MedicineUnit,
  type MovementCreate,
} from '../../../../shared/schemas/medicines';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyServerErrors, sameNames } from '../../../lib/form-errors';
import { useAddMovement } from '../api/medicines';

export type MovementKindChosen = 'disposed' | 'corrected';

type Values = { quantity: string; note: string };

const schemaFor = (kind: MovementKindChosen, id: string) =>
  z.pipe(
    z.pipe(
      z.custom<Values>(),
      z.transform((values): MovementCreate => ({
        id,
        kind,
        // blank is missing, so the schema's own message speaks; Number('') would be 0
        quantity: (values.quantity.trim() === '' ? undefined : Number(values.quantity)) as number,
        note: values.note,
      })),
    ),
    movementCreateSchema,
  );

const titles = { disposed: 'Dispose', corrected: 'Correct' } as const;

export function LotMovementDialog({
  lot,
  kind,
  unit,
  onClose,
}: {
  lot: Lot;
  kind: MovementKindChosen;
  unit: MedicineUnit;
  onClose: () => void;
}) {
  const toast = useToast();
  const addMovement = useAddMovement();
  const [id] = useState(() => crypto.randomUUID());
  const resolver = useMemo(() => zodResolver(schemaFor(kind, id)), [kind, id]);
  const form = useForm<Values, unknown, z.output<typeof movementCreateSchema>>({
    resolver,
    defaultValues: { quantity: '', note: '' },
  });
  const { errors } = form.formState;
  const lotName = lot.lotNumber ? `lot ${lot.lotNumber}` : 'this lot';

  const submit = form.handleSubmit(async (input) => {
    try {
      await addMovement.mutateAsync({ lotId: lot.id, input: { ...input, id } });
      toast({ title: kind === 'disposed' ? 'Stock disposed of' : 'Stock corrected' });
      onClose();
    } catch (error) {
      const unplaced = applyServerErrors(error, form.setError, sameNames<Values>(['quantity', 'note']));
      if (error instanceof ApiError && error.fields && unplaced.length === 0) return;
      toast({
        title: 'Failed to record the change. Please try again.',
        description: unplaced.join(' ') || errorMessage(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open
      title={`${titles[kind]} ${lotName}`}
      message={`In this lot: ${amountText(lot.stock, unit)}.`}
      busy={addMovement.isPending}
      onCancel={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label={`Quantity (${medicineUnitLabels[unit]})`}
          type="text"
          inputMode={kind === 'disposed' ? 'decimal' : 'text'}
          autoComplete="off"
          autoFocus
          hint={kind === 'corrected' ? 'Added to the lot; negative to take off.' : undefined}
          error={errors.quantity?.message}
          {...form.register('quantity')}
        />
        <TextField
          label="Note"
          autoComplete="off"
          maxLength={500}
          error={errors.note?.message}
          {...form.register('note')}
        />
        <DialogButtons>
          <Button variant="secondary" onClick={onClose} disabled={addMovement.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={addMovement.isPending}>
            {addMovement.isPending ? 'Saving...' : titles[kind]}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}
