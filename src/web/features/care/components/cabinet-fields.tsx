// Treating from the cabinet (issue 27, decision 0041): the new medication form offers the cabinet's
// medicines first. Choosing one fills the name, unit, route, withdrawal periods (all still
// editable) and the lot — the earliest expiry that has not expired — and its dose: a fixed one in
// the Dosage field, one by weight worked out for each animal from its latest weight (a group's in
// each animal's row, one animal's here), shown before saving. An expired lot warns; a dose beyond
// the lot's stock says so before the server refuses it; a schedule says it will set the reminder.
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { mediumDate } from '../../../../shared/care/dates';
import { amountText, doseText, scheduleText } from '../../../../shared/medicines/labels';
import { countsIn, dosageUnitOf } from '../../../../shared/medicines/treatment';
import type { Lot, Medicine } from '../../../../shared/schemas/medicines';
import { SelectField } from '../../../components/ui/field';
import type { DosePlan } from '../dose-plan';
import type { EntryFormOutput, EntryFormValues } from '../entry-form-values';

type Form = UseFormReturn<EntryFormValues, unknown, EntryFormOutput>;

const lotLabel = (lot: Lot, medicine: Medicine) =>
  [
    lot.lotNumber ?? 'No lot number',
    lot.expiresOn && `${lot.expired ? 'Expired' : 'Expires'} ${mediumDate(lot.expiresOn)}`,
    amountText(lot.stock, medicine.unit),
  ]
    .filter(Boolean)
    .join(' · ');

const notice = 'rounded-md border px-3 py-2 text-sm';

export function CabinetFields({
  form,
  cabinet,
  plan,
  pickAnimals,
  subject,
}: {
  form: Form;
  /** the cabinet's medicines in use */
  cabinet: Medicine[];
  /** each animal's dose by weight, once the chosen medicine's weights are in */
  plan: DosePlan;
  /** a group's form: doses by weight go in each animal's row */
  pickAnimals: boolean;
  /** one animal's name */
  subject: string;
}) {
  const [medicineId, lotId, dosage, dosageUnit, animals, dosesEach] = useWatch({
    control: form.control,
    name: ['medicineId', 'lotId', 'dosage', 'dosageUnit', 'animals', 'dosesEach'],
  });
  const medicine = cabinet.find((one) => one.id === medicineId);
  const lot = medicine?.lots.find((one) => one.id === lotId);
  const set = (field: Parameters<Form['setValue']>[0], value: string | boolean) =>
    form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const choose = (id: string) => {
    set('medicineId', id);
    const chosen = cabinet.find((one) => one.id === id);
    if (!chosen) {
      set('lotId', '');
      set('dosesEach', false);
      return;
    }
    const days = (value: number | null) => (value === null ? '' : String(value));
    set('medicationName', chosen.name);
    set('dosageUnit', dosageUnitOf(chosen.unit));
    set('route', chosen.route ?? '');
    set('meatWithdrawalDays', days(chosen.meatWithdrawalDays));
    set('milkWithdrawalDays', days(chosen.milkWithdrawalDays));
    set('eggWithdrawalDays', days(chosen.eggWithdrawalDays));
    // the earliest expiry that has not expired (the list's lots are those with stock, earliest first)
    const first = chosen.lots.find((one) => !one.expired && one.stock > 0);
    set('lotId', first?.id ?? '');
    set('lotNumber', first?.lotNumber ?? '');
    set('dosesEach', chosen.dose?.kind === 'by-weight' && pickAnimals);
    set('dosage', chosen.dose?.kind === 'fixed' ? String(chosen.dose.amount) : '');
  };

  // a dose by weight fills in once the weights are in: each animal's row, or the one Dosage field
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!medicine || !plan || filledFor.current === medicine.id) return;
    filledFor.current = medicine.id;
    const text = (id: string) => {
      const dose = plan.get(id)?.dose;
      return dose == null ? '' : String(dose);
    };
    if (pickAnimals)
      form.setValue(
        'animals',
        form.getValues('animals').map((animal) => ({ ...animal, dose: text(animal.id) })),
        { shouldDirty: true },
      );
    else {
      const [only] = plan.keys();
      if (only) set('dosage', text(only));
    }
  });

  if (!cabinet.length) return null;
  const single = !pickAnimals && plan ? [...plan.values()][0] : undefined;
  // what the treatment takes from the lot, as typed so far
  const doses = dosesEach
    ? animals.filter((animal) => animal.included).map((animal) => Number(animal.dose) || 0)
    : (pickAnimals ? animals.filter((animal) => animal.included) : [null]).map(() => Number(dosage) || 0);
  const total = Math.round(doses.reduce((sum, dose) => sum + dose, 0) * 1000) / 1000;

  return (
    <div className="space-y-3 rounded-lg border border-brand-100 bg-brand-50/40 p-3">
      <SelectField
        label="From the Medicine Cabinet"
        value={medicineId}
        onChange={(event) => choose(event.target.value)}
        hint={medicine ? undefined : 'Choose one to fill the dose, lot and withdrawal from its label'}
      >
        <option value="">Not from the cabinet</option>
        {cabinet.map((one) => (
          <option key={one.id} value={one.id}>
            {one.name} · In stock: {amountText(one.inStock, one.unit)}
          </option>
        ))}
      </SelectField>
      {medicine && (
        <>
          <SelectField
            label="Take from lot"
            value={lotId}
            onChange={(event) => {
              const picked = medicine.lots.find((one) => one.id === event.target.value);
              set('lotId', event.target.value);
              set('lotNumber', picked?.lotNumber ?? '');
            }}
            error={form.formState.errors.lotId?.message}
          >
            <option value="">Not from stock</option>
            {medicine.lots.map((one) => (
              <option key={one.id} value={one.id}>
                {lotLabel(one, medicine)}
              </option>
            ))}
          </SelectField>
          {lot?.expired && (
            <p role="alert" className={`${notice} border-amber-300 bg-amber-50 text-amber-900`}>
              This lot expired on {mediumDate(lot.expiresOn!)}. Check before giving it.
            </p>
          )}
          <ul className="space-y-1 text-sm text-stone-700">
            {medicine.dose && <li>Label dose: {doseText(medicine.dose, medicine.unit)}</li>}
            {single && (
              <li className="font-medium text-stone-900">
                {subject}:{' '}
                {single.dose === null
                  ? single.from
                  : `${amountText(single.dose, medicine.unit)}, ${single.from}`}
              </li>
            )}
            {dosesEach && <li>Each animal’s dose is worked out from its weight below.</li>}
            {medicine.schedule && (
              <li>
                Schedule: {scheduleText(medicine.schedule)}. Leave the reminder blank and the next dose’s is
                set from it.
              </li>
            )}
            {lot && total > 0 && (
              <li className={total > lot.stock ? 'font-medium text-red-800' : undefined}>
                Takes {amountText(total, medicine.unit)} of the {amountText(lot.stock, medicine.unit)} in this
                lot{total > lot.stock ? ': more than it holds' : ''}
                {dosageUnit && !countsIn(medicine.unit, dosageUnit)
                  ? ` (the lot is counted in ${dosageUnitOf(medicine.unit)})`
                  : ''}
              </li>
            )}
          </ul>
        </>
      )}
    </div>
  );
}
