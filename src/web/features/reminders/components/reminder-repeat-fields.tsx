// 'Repeats', and when ticked: every how many days, weeks or months, counted from the due date or
// from the day done, with a line that says the schedule in words.
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  repeatFromLabels,
  repeatFroms,
  repeatUnits,
  type RepeatFrom,
  type RepeatUnit,
} from '../../../../shared/care/rules';
import { SelectField, TextField } from '../../../components/ui/field';
import type { ReminderFormOutput, ReminderFormValues } from '../reminder-form-values';
import { repeatHint } from '../reminder-format';

const unitLabels: Record<RepeatUnit, string> = { day: 'days', week: 'weeks', month: 'months' };

const scheduleHint = (from: RepeatFrom) =>
  from === 'due'
    ? 'counted from its due date, whenever you mark it done'
    : 'counted from the day you mark it done';

export function ReminderRepeatFields({
  form,
}: {
  form: UseFormReturn<ReminderFormValues, unknown, ReminderFormOutput>;
}) {
  const { errors } = form.formState;
  const [repeats, repeatEvery, repeatUnit, repeatFrom] = useWatch({
    control: form.control,
    name: ['repeats', 'repeatEvery', 'repeatUnit', 'repeatFrom'],
  });
  const every = Number(repeatEvery);
  return (
    <div className="space-y-3">
      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('repeats')} />
        Repeats
      </label>
      {repeats && (
        <fieldset className="grid grid-cols-2 gap-3 rounded-md border border-stone-200 bg-stone-50 p-3">
          <legend className="sr-only">How often it repeats</legend>
          <TextField
            label="Every"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            error={errors.repeatEvery?.message}
            {...form.register('repeatEvery')}
          />
          <SelectField label="Unit" error={errors.repeatUnit?.message} {...form.register('repeatUnit')}>
            {repeatUnits.map((unit) => (
              <option key={unit} value={unit}>
                {unitLabels[unit]}
              </option>
            ))}
          </SelectField>
          <div className="col-span-2">
            <SelectField
              label="Repeat from"
              error={errors.repeatFrom?.message}
              {...form.register('repeatFrom')}
            >
              {repeatFroms.map((from) => (
                <option key={from} value={from}>
                  {repeatFromLabels[from]}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="col-span-2 text-xs text-stone-600">
            {Number.isInteger(every) && every >= 1 && every <= 365
              ? `${repeatHint(every, repeatUnit)}, ${scheduleHint(repeatFrom)}.`
              : `Counted ${scheduleHint(repeatFrom).replace(/^counted /, '')}.`}
          </p>
        </fieldset>
      )}
    </div>
  );
}
