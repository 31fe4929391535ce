// 'Edit' on a milk record: its date, milking, amount and discarded part (in the unit it was recorded
// in) and note, in the app's dialog; each field checked by the API's own schema for it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  milkings,
  milkRecordItemSchema,
  milkRecordUpdateSchema,
  type MilkRecord,
  type MilkRecordUpdate,
} from '../../../../shared/schemas/milk';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { offlineMessage } from '../../../lib/api';
import { applyServerErrors, sameNames } from '../../../lib/form-errors';
import { usDate } from '../../../lib/dates';
import { useUpdateMilkRecord } from '../api/milk';
import { MilkAmountField, MilkingWhenFields } from './milk-display';

type EditValues = {
  milkedOn: string;
  milking: MilkRecord['milking'];
  amount: string;
  discarded: string;
  note: string;
};

const update = milkRecordUpdateSchema.shape;

const checked = z
  .object({
    milkedOn: update.milkedOn.def.innerType,
    milking: update.milking.def.innerType,
    amount: update.amount.def.innerType,
    discarded: update.discarded.def.innerType,
    note: milkRecordItemSchema.shape.note,
  })
  .check(
    z.superRefine(({ amount, discarded }, context) => {
      if (discarded > amount)
        context.addIssue({
          code: 'custom',
          path: ['discarded'],
          message: 'Discarded cannot be more than the amount',
          input: discarded,
        });
    }),
  );

/** The inputs' text into the API's types, then the API's schema for each field. */
const editSchema = z.pipe(
  z.pipe(
    z.object({
      milkedOn: z.string(),
      milking: z.enum(milkings),
      amount: z.string(),
      discarded: z.string(),
      note: z.string(),
    }),
    z.transform((values): z.input<typeof checked> => ({
      ...values,
      // blanks: the date is missing ('Choose a date'), the amount not a number, nothing discarded
      milkedOn: (values.milkedOn || undefined) as string,
      amount: values.amount.trim() === '' ? Number.NaN : Number(values.amount),
      discarded: values.discarded.trim() === '' ? 0 : Number(values.discarded),
    })),
  ),
  checked,
);

const fields = ['milkedOn', 'milking', 'amount', 'discarded', 'note'] as const;

function EditForm({ record, today, onDone }: { record: MilkRecord; today: string; onDone: () => void }) {
  const update = useUpdateMilkRecord();
  const toast = useToast();
  const form = useForm<EditValues, unknown, MilkRecordUpdate>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      milkedOn: record.milkedOn,
      milking: record.milking,
      amount: String(record.amount),
      discarded: String(record.discarded),
      note: record.note ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const milking = useController({ control: form.control, name: 'milking' });
  const submit = form.handleSubmit(async (changes) => {
    try {
      await update.mutateAsync({ id: record.id, changes });
      toast({ title: 'Milk record updated' });
      onDone();
    } catch (error) {
      const unplaced = applyServerErrors(error, form.setError, sameNames<EditValues>(fields));
      toast({
        title: 'Failed to update the milk record. Please try again.',
        description: offlineMessage(error) ?? (unplaced.join(' ') || undefined),
        variant: 'destructive',
      });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <MilkingWhenFields
        date={form.register('milkedOn')}
        dateError={errors.milkedOn?.message}
        today={today}
        milking={milking.field}
      />
      <MilkAmountField
        label={`Amount (${record.unit})`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <MilkAmountField
        label={`Discarded (${record.unit})`}
        hint="The part thrown away (under a withdrawal, say)"
        error={errors.discarded?.message}
        {...form.register('discarded')}
      />
      <TextareaField label="Note" maxLength={1000} error={errors.note?.message} {...form.register('note')} />
      <DialogButtons>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </DialogButtons>
    </form>
  );
}

/** Open while `record` is set; a new record opens a fresh form. */
export function MilkRecordEditDialog({
  record,
  today,
  onClose,
}: {
  record: MilkRecord | null;
  today: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={record !== null}
      title="Edit Milk Record"
      message={record ? `${record.animalName}, ${usDate(record.milkedOn)}` : ''}
      onCancel={onClose}
    >
      {record && <EditForm key={record.id} record={record} today={today} onDone={onClose} />}
    </Dialog>
  );
}
