// 'Add Medicine' and 'Edit Medicine': the label as the farmer reads it. The dose is 'Fixed' ('2 mL')
// or 'By weight' ('1 mL per 10 kg', at most N); the schedule and the low-stock level are optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { Pipette, Scale } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { medicineRouteLabels, medicineRoutes } from '../../../../shared/schemas/care';
import { medicineUnitLabels, medicineUnits, type Medicine } from '../../../../shared/schemas/medicines';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { FormButtons } from '../../../components/form-buttons';
import { SelectField, TextareaField, TextField } from '../../../components/ui/field';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { useToast } from '../../../components/ui/toaster';
import { LeaveGuardDialog, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { reportSaveError, sameNames } from '../../../lib/form-errors';
import { useCreateMedicine, useUpdateMedicine } from '../api/medicines';
import {
  medicineFormDefaults,
  medicineFormFields,
  medicineFormSchema,
  type DoseKind,
  type MedicineFormOutput,
  type MedicineFormValues,
} from '../medicine-form-values';

const doseKinds = [
  { value: 'fixed', label: 'Fixed', Icon: Pipette },
  { value: 'by-weight', label: 'By weight', Icon: Scale },
] as const;

const numberInput = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;
const wholeInput = { type: 'text', inputMode: 'numeric', autoComplete: 'off' } as const;

const withdrawalFields = [
  { name: 'meatWithdrawalDays', label: 'Meat (days)' },
  { name: 'milkWithdrawalDays', label: 'Milk (days)' },
  { name: 'eggWithdrawalDays', label: 'Egg (days)' },
] as const;

export function MedicineForm({
  medicine,
  farmWeightUnit,
  onDone,
  onCancel,
}: {
  /** edit: the medicine to change */
  medicine?: Medicine;
  /** what a new dose by weight is given per */
  farmWeightUnit: WeightUnit;
  onDone: (saved: Medicine) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const create = useCreateMedicine();
  const update = useUpdateMedicine();
  // chosen once: a retry or a double tap sends the same id, and the server keeps one medicine
  const [id] = useState(() => crypto.randomUUID());
  const resolver = useMemo(() => zodResolver(medicineFormSchema(medicine)), [medicine]);
  const form = useForm<MedicineFormValues, unknown, MedicineFormOutput>({
    resolver,
    defaultValues: medicineFormDefaults(medicine),
  });
  const { errors } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);
  const [doseKind, unit] = useWatch({ control: form.control, name: ['dose.kind', 'unit'] });
  const unitLabel = unit ? medicineUnitLabels[unit] : '';
  const weightUnit = medicine?.dose?.kind === 'by-weight' ? medicine.dose.weightUnit : farmWeightUnit;
  const saving = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (input) => {
    try {
      let saved: Medicine;
      if (medicine) {
        // the unit is sent only when changed: the server refuses a change once stock is recorded
        const { unit: newUnit, ...rest } = input;
        saved = await update.mutateAsync({
          id: medicine.id,
          changes: newUnit === medicine.unit ? rest : input,
        });
        toast({ title: 'Medicine updated', description: saved.name });
      } else {
        saved = await create.mutateAsync({ ...input, id });
        toast({ title: 'Medicine added', description: saved.name });
      }
      await guard.allowLeave();
      onDone(saved);
    } catch (error) {
      reportSaveError(error, {
        setError: form.setError,
        fieldFor: sameNames(medicineFormFields),
        toast,
        title: medicine
          ? 'Failed to update the medicine. Please try again.'
          : 'Failed to add the medicine. Please try again.',
      });
    }
  });

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Active ingredient (optional)"
          autoComplete="off"
          maxLength={100}
          error={errors.activeIngredient?.message}
          {...form.register('activeIngredient')}
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Unit" error={errors.unit?.message} {...form.register('unit')}>
            {medicineUnits.map((value) => (
              <option key={value} value={value}>
                {medicineUnitLabels[value]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Route" error={errors.route?.message} {...form.register('route')}>
            <option value="">Not set</option>
            {medicineRoutes.map((value) => (
              <option key={value} value={value}>
                {medicineRouteLabels[value]}
              </option>
            ))}
          </SelectField>
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Dose</legend>
          <SegmentedToggle
            label="Dose"
            options={doseKinds}
            value={doseKind}
            onChange={(kind: DoseKind) => form.setValue('dose.kind', kind, { shouldDirty: true })}
          />
          {doseKind === 'fixed' ? (
            <TextField
              label={`Dose (${unitLabel})`}
              {...numberInput}
              hint="Per animal. Leave blank when the vet says."
              error={errors.dose?.amount?.message}
              {...form.register('dose.amount')}
            />
          ) : (
            <>
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  label={`Dose (${unitLabel})`}
                  {...numberInput}
                  error={errors.dose?.amount?.message}
                  {...form.register('dose.amount')}
                />
                <TextField
                  label={`Per (${weightUnit})`}
                  {...numberInput}
                  error={errors.dose?.perWeight?.message}
                  {...form.register('dose.perWeight')}
                />
              </div>
              <TextField
                label={`Maximum dose (${unitLabel}, optional)`}
                {...numberInput}
                error={errors.dose?.maxDose?.message}
                {...form.register('dose.maxDose')}
              />
            </>
          )}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Withdrawal</legend>
          <div className="grid grid-cols-3 gap-2">
            {withdrawalFields.map(({ name, label }) => (
              <TextField
                key={name}
                label={label}
                {...wholeInput}
                error={errors[name]?.message}
                {...form.register(name)}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Schedule (optional)</legend>
          <p className="text-xs text-stone-600">
            For example 2 doses 21 days apart, then a booster every 12 months.
          </p>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Initial doses"
              {...wholeInput}
              error={errors.schedule?.initialDoses?.message}
              {...form.register('schedule.initialDoses')}
            />
            <TextField
              label="Days apart"
              {...wholeInput}
              error={errors.schedule?.daysApart?.message}
              {...form.register('schedule.daysApart')}
            />
          </div>
          <TextField
            label="Booster every (months, optional)"
            {...wholeInput}
            error={errors.schedule?.boosterMonths?.message}
            {...form.register('schedule.boosterMonths')}
          />
        </fieldset>

        <TextField
          label={`Low stock level (${unitLabel}, optional)`}
          {...numberInput}
          hint="'Low stock' shows when the stock in hand is below it."
          error={errors.lowStockLevel?.message}
          {...form.register('lowStockLevel')}
        />
        <TextareaField
          label="Notes"
          rows={2}
          maxLength={2000}
          error={errors.notes?.message}
          {...form.register('notes')}
        />

        <FormButtons
          submitLabel={medicine ? 'Save Changes' : 'Add Medicine'}
          saving={saving}
          onCancel={() => void guard.allowLeave().then(onCancel)}
        />
      </form>
    </>
  );
}
