// 'Add Expense', 'Add Income' and 'Edit Entry': date, amount (the farm's currency), category (the
// kind's list, or the farm's own), an optional group or animal, quantity and unit ('4', 'bags, 50
// lb'), and a note; checked by the same schema as POST /money, the server's field errors put back
// on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  expenseCategories,
  incomeCategories,
  moneyEntryCreateSchema,
  type Currency,
  type MoneyEntry,
  type MoneyEntryCreate,
  type MoneyKind,
} from '../../../../shared/schemas/money';
import { FormButtons } from '../../../components/form-buttons';
import { Loading } from '../../../components/page-states';
import { SelectField, TextareaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { LeaveGuardDialog, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { reportSaveError } from '../../../lib/form-errors';
import { moneyAnimalsQuery, moneyGroupsQuery, useCreateMoneyEntry, useUpdateMoneyEntry } from '../api/money';

const custom = '__custom__';

type Values = {
  occurredOn: string;
  amount: string;
  category: string;
  customCategory: string;
  groupId: string;
  animalId: string;
  quantity: string;
  quantityUnit: string;
  note: string;
};
type Output = Omit<MoneyEntryCreate, 'id'>;

const categoriesOf = (kind: MoneyKind): readonly string[] =>
  kind === 'expense' ? expenseCategories : incomeCategories;

/** blank is no number; Number('') would be 0 */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

const schemaFor = (kind: MoneyKind) =>
  z.pipe(
    z.pipe(
      z.custom<Values>(),
      z.transform((values): Output => ({
        kind,
        occurredOn: values.occurredOn,
        amount: values.amount.trim() === '' ? Number.NaN : Number(values.amount),
        category: values.category === custom ? values.customCategory : values.category,
        groupId: values.groupId || null,
        animalId: values.animalId || null,
        quantity: numberOrNull(values.quantity),
        quantityUnit: values.quantityUnit,
        note: values.note,
      })),
    ),
    moneyEntryCreateSchema,
  );

/** A new entry's category and group, when the page that links here chose them. */
export type MoneyPreset = { category?: string | null; groupId?: string | null };

function valuesOf(kind: MoneyKind, today: string, entry?: MoneyEntry, preset: MoneyPreset = {}): Values {
  const presetCategory =
    preset.category && categoriesOf(kind).includes(preset.category) ? preset.category : null;
  const listed = entry ? categoriesOf(kind).includes(entry.category) : true;
  return {
    occurredOn: entry?.occurredOn ?? today,
    amount: entry ? String(entry.amount) : '',
    category: entry ? (listed ? entry.category : custom) : (presetCategory ?? categoriesOf(kind)[0]!),
    customCategory: entry && !listed ? entry.category : '',
    groupId: entry?.groupId ?? preset.groupId ?? '',
    animalId: entry?.animalId ?? '',
    quantity: entry?.quantity == null ? '' : String(entry.quantity),
    quantityUnit: entry?.quantityUnit ?? '',
    note: entry?.note ?? '',
  };
}

/** The server's field → the form's (a custom category's errors go on its own field). */
const fieldFor = (field: string): keyof Values | undefined =>
  field === 'category'
    ? 'customCategory'
    : (['occurredOn', 'amount', 'groupId', 'animalId', 'quantity', 'quantityUnit', 'note'] as const).find(
        (name) => name === field,
      );

export function MoneyForm({
  kind,
  entry,
  currency,
  today,
  preset,
  onDone,
  onCancel,
}: {
  kind: MoneyKind;
  entry?: MoneyEntry;
  preset?: MoneyPreset;
  currency: Currency;
  today: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const create = useCreateMoneyEntry();
  const update = useUpdateMoneyEntry();
  const groups = useQuery(moneyGroupsQuery);
  const animals = useQuery(moneyAnimalsQuery);
  // chosen once: a retry or a double tap sends the same id, and the server keeps one entry
  const [id] = useState(() => crypto.randomUUID());
  const form = useForm<Values, unknown, z.output<ReturnType<typeof schemaFor>>>({
    resolver: zodResolver(schemaFor(kind)),
    defaultValues: valuesOf(kind, today, entry, preset),
  });
  const { errors } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);
  const category = useWatch({ control: form.control, name: 'category' });
  const noun = kind === 'expense' ? 'Expense' : 'Income';

  const submit = form.handleSubmit(async (input) => {
    try {
      const { id: _unused, ...body } = input;
      if (entry) await update.mutateAsync({ id: entry.id, changes: body });
      else await create.mutateAsync({ ...body, id });
      toast({ title: entry ? `${noun} saved` : `${noun} added` });
      await guard.allowLeave();
      onDone();
    } catch (error) {
      reportSaveError(error, {
        setError: form.setError,
        fieldFor,
        toast,
        title: `Failed to save the ${noun.toLowerCase()}. Please try again.`,
      });
    }
  });

  // the choices first: a select shows the entry's group or animal only once its option exists
  if (groups.isPending || animals.isPending) return <Loading place="section" />;

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      <form
        aria-label={entry ? `Edit ${noun}` : `Add ${noun}`}
        onSubmit={(event) => void submit(event)}
        noValidate
        className="space-y-4"
      >
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Date"
            type="date"
            max={today}
            error={errors.occurredOn?.message}
            {...form.register('occurredOn')}
          />
          <TextField
            label={`Amount (${currency})`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            error={errors.amount?.message}
            {...form.register('amount')}
          />
        </div>
        <SelectField label="Category" error={errors.category?.message} {...form.register('category')}>
          {categoriesOf(kind).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={custom}>Another category…</option>
        </SelectField>
        {category === custom && (
          <TextField
            label="Your category"
            autoComplete="off"
            maxLength={40}
            error={errors.customCategory?.message ?? errors.category?.message}
            {...form.register('customCategory')}
          />
        )}
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Group (optional)" error={errors.groupId?.message} {...form.register('groupId')}>
            <option value="">No group</option>
            {groups.data?.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Animal (optional)"
            error={errors.animalId?.message}
            {...form.register('animalId')}
          >
            <option value="">No animal</option>
            {animals.data?.map((animal) => (
              <option key={animal.id} value={animal.id}>
                {animal.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Quantity (optional)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            error={errors.quantity?.message}
            {...form.register('quantity')}
          />
          <TextField
            label="Unit (optional)"
            autoComplete="off"
            maxLength={40}
            placeholder="bags, 50 lb"
            error={errors.quantityUnit?.message}
            {...form.register('quantityUnit')}
          />
        </div>
        <TextareaField
          label="Note (optional)"
          maxLength={500}
          error={errors.note?.message}
          {...form.register('note')}
        />
        <FormButtons
          submitLabel={entry ? `Save ${noun}` : `Add ${noun}`}
          saving={create.isPending || update.isPending}
          onCancel={() => void guard.allowLeave().then(onCancel)}
        />
      </form>
    </>
  );
}
