// A medical entry's fields: the medication (the farm's earlier ones suggested as you type), dosage
// and unit, route, lot, who gave it, and the withdrawal periods. Picking an earlier medication
// fills its last dosage, unit, route and withdrawal periods into those fields that are empty (or
// that an earlier pick filled) — never over what the user typed; 'Record Dose' from a reminder
// fills them from its medication at once.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'wouter';
import { dosageUnits, medicineRouteLabels, medicineRoutes } from '../../../../shared/schemas/care';
import { buttonClasses } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { profileQuery } from '../../../lib/profile';
import { medicationsQuery } from '../api/care';
import { placeholders, type EntryFormOutput, type EntryFormValues } from '../entry-form-values';

/** The fields a picked earlier medication fills, when empty (or filled by an earlier pick). */
type SuggestedField =
  'dosage' | 'dosageUnit' | 'route' | 'meatWithdrawalDays' | 'milkWithdrawalDays' | 'eggWithdrawalDays';

const withdrawalFields = [
  { name: 'meatWithdrawalDays', label: 'Meat withdrawal (days)' },
  { name: 'milkWithdrawalDays', label: 'Milk withdrawal (days)' },
  { name: 'eggWithdrawalDays', label: 'Egg withdrawal (days)' },
] as const;

export function MedicationFields({
  form,
  prefillName,
  entryOrganic,
  cabinet,
}: {
  form: UseFormReturn<EntryFormValues, unknown, EntryFormOutput>;
  /** a new entry: the cabinet's part of the form (cabinet-fields.tsx), shown first */
  cabinet?: ReactNode;
  /** 'Record Dose' from a medication reminder: its medication, whose last use fills the dose */
  prefillName?: string;
  /** an edited entry's organic flag; absent for a new one, which the farm's setting decides */
  entryOrganic?: boolean;
}) {
  const profile = useQuery(profileQuery);
  // an edit saves the periods as typed: an organic entry's are shown already doubled (decision 0040)
  const organicNote =
    entryOrganic === undefined
      ? profile.data?.organic && 'Organic farm: withdrawal periods are doubled (at least 48 hours)'
      : entryOrganic && 'Organic ×2: these periods are already doubled and are saved as they are';
  const { errors } = form.formState;
  const medicationListId = useId();
  const medications = useQuery(medicationsQuery);
  /** what the last picked suggestion put in each field: a later pick may replace it, not a typed value */
  const filled = useRef<Partial<Record<SuggestedField, string>>>({});
  const suggest = (name: string) => {
    const key = name.trim().toLowerCase();
    const match = medications.data?.find((medication) => medication.medicationName.toLowerCase() === key);
    if (!match) return;
    const fill = (field: SuggestedField, value: string | null) => {
      const current = form.getValues(field);
      if (value === null || (current !== '' && current !== filled.current[field])) return;
      form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      filled.current[field] = value;
    };
    const text = (value: number | string | null) => (value === null ? null : String(value));
    fill('dosage', text(match.dosage));
    fill('route', match.route);
    fill('meatWithdrawalDays', text(match.meatWithdrawalDays));
    fill('milkWithdrawalDays', text(match.milkWithdrawalDays));
    fill('eggWithdrawalDays', text(match.eggWithdrawalDays));
    fill(
      'dosageUnit',
      (dosageUnits as readonly string[]).includes(match.dosageUnit ?? '') ? match.dosageUnit : null,
    );
  };
  const medicationField = form.register('medicationName');
  // 'Record Dose': the farm's last use of the reminder's medication fills the dose, route and
  // withdrawal, as picking the name would
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !prefillName || !medications.data) return;
    prefilled.current = true;
    suggest(prefillName);
  });

  // a group dosed by weight: each animal's dose is in its row, not one Dosage for all
  const dosesEach = useWatch({ control: form.control, name: 'dosesEach' });

  return (
    <>
      {cabinet}
      <TextField
        label="Medication"
        autoComplete="off"
        maxLength={100}
        placeholder={placeholders.medicationName}
        list={medicationListId}
        hint={medications.data?.length ? 'Earlier medications are suggested as you type' : undefined}
        error={errors.medicationName?.message}
        {...medicationField}
        onChange={(event) => {
          void medicationField.onChange(event);
          suggest(event.target.value);
        }}
      />
      <datalist id={medicationListId}>
        {medications.data?.map((medication) => (
          <option key={medication.medicationName} value={medication.medicationName}>
            {[medication.dosage, medication.dosageUnit].filter((part) => part !== null).join(' ')}
          </option>
        ))}
      </datalist>
      <p className="-mt-2 text-sm">
        <Link href="/medicines" className={buttonClasses.link}>
          Medicine Cabinet
        </Link>
      </p>
      <div className="grid grid-cols-2 gap-3">
        {dosesEach ? (
          <p className="self-end pb-2 text-sm text-stone-700">Dosage: each animal’s own, below</p>
        ) : (
          <TextField
            label="Dosage"
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            placeholder={placeholders.dosage}
            error={errors.dosage?.message}
            {...form.register('dosage')}
          />
        )}
        <SelectField label="Unit" error={errors.dosageUnit?.message} {...form.register('dosageUnit')}>
          <option value="" disabled>
            e.g. {placeholders.dosageUnit}
          </option>
          {dosageUnits.map((dosageUnit) => (
            <option key={dosageUnit} value={dosageUnit}>
              {dosageUnit}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Route" error={errors.route?.message} {...form.register('route')}>
          <option value="">Not recorded</option>
          {medicineRoutes.map((value) => (
            <option key={value} value={value}>
              {medicineRouteLabels[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Batch/lot number"
          autoComplete="off"
          maxLength={60}
          error={errors.lotNumber?.message}
          {...form.register('lotNumber')}
        />
      </div>
      <TextField
        label="Given by"
        autoComplete="name"
        maxLength={100}
        error={errors.givenBy?.message}
        {...form.register('givenBy')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Withdrawal</legend>
        <p className="text-xs text-stone-600">
          Days from the label before meat, milk or eggs may be used. Leave blank for none.
        </p>
        <div className="grid grid-cols-3 items-end gap-3">
          {withdrawalFields.map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              type="number"
              inputMode="numeric"
              step={1}
              min={0}
              max={999}
              error={errors[name]?.message}
              {...form.register(name)}
            />
          ))}
        </div>
        {organicNote && <p className="text-xs font-medium text-brand-800">{organicNote}</p>}
      </fieldset>
    </>
  );
}
