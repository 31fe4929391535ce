// /animal/:animalId/birth: 'Record Birth' for a dam — the day, the breeding it ends (her latest
// open one, chosen for her), the sire, and one or several newborns with name, sex and birth weight.
// The server adds them all in one step with dam, sire, her species and her groups.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { mediumDate } from '../../../shared/care/dates';
import { sexLabels, sexValues, type Animal, type Sex } from '../../../shared/schemas/animals';
import { birthCreateSchema, maxLitter, type Breeding } from '../../../shared/schemas/breeding';
import type { WeightUnit } from '../../../shared/schemas/profile';
import { usePageHeading } from '../page-heading';
import { DamFormFrame } from './dam-form-frame';
import { isNotFound, Loading, LoadError } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { useFarmToday } from '../../hooks/use-farm-today';
import { useLeaveGuard } from '../../hooks/use-leave-guard';
import { offlineMessage } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { applyServerErrors } from '../../lib/form-errors';
import { profileQuery } from '../../lib/profile';
import { animalQuery } from '../../features/animals/api/animals';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import { parentFields, ParentField, parentInput } from '../../features/animals/components/parent-field';
import { breedingsQuery, useRecordBirth } from '../../features/breeding/api/breeding';

const newbornValues = z.object({ id: z.string(), name: z.string(), sex: z.string(), weight: z.string() });
const formValuesSchema = z.object({
  bornOn: z.string(),
  breedingId: z.string(),
  sireChoice: z.string(),
  sire: z.string(),
  offspring: z.array(newbornValues),
});
type FormValues = z.infer<typeof formValuesSchema>;

const formSchema = z.pipe(
  z.pipe(
    formValuesSchema,
    z.transform(
      ({
        sireChoice,
        sire,
        breedingId,
        offspring,
        ...values
      }: FormValues): z.input<typeof birthCreateSchema> => {
        const parent = parentInput(sireChoice, sire);
        return {
          ...values,
          breedingId: breedingId || null,
          sireId: parent.id,
          sire: parent.name,
          offspring: offspring.map((newborn) => ({
            id: newborn.id,
            name: newborn.name,
            sex: (newborn.sex || null) as Sex | null,
            weight: newborn.weight.trim() === '' ? null : Number(newborn.weight),
          })),
        };
      },
    ),
  ),
  birthCreateSchema,
);
type Parsed = z.output<typeof formSchema>;

const newborn = () => ({ id: crypto.randomUUID(), name: '', sex: '', weight: '' });

const sireOf = (breeding: Breeding | undefined) => {
  const sire = parentFields(breeding?.sireId ?? null, breeding?.sire ?? null);
  return { sireChoice: sire.choice, sire: sire.name };
};

function BirthForm({
  dam,
  breedings,
  today,
  weightUnit,
}: {
  dam: Animal;
  breedings: Breeding[];
  today: string;
  weightUnit: WeightUnit;
}) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const record = useRecordBirth(dam.id);
  const open = breedings.filter((breeding) => !breeding.bornOn);
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      bornOn: today,
      breedingId: open[0]?.id ?? '',
      ...sireOf(open[0]),
      offspring: [newborn()],
    },
  });
  // The newborns' rows, by their ids (react-hook-form's useFieldArray would grow the library's
  // chunk that every form page loads past its budget: these few lines do what this form needs).
  const [rows, setRows] = useState(() => form.getValues('offspring').map((row) => row.id));
  const litter = {
    fields: rows.map((id) => ({ key: id })),
    append: (row: FormValues['offspring'][number]) => {
      form.setValue(`offspring.${rows.length}`, row);
      setRows([...rows, row.id]);
    },
    remove: (index: number) => {
      const kept = form.getValues('offspring').filter((_, at) => at !== index);
      form.unregister(`offspring.${kept.length}`);
      form.setValue('offspring', kept, { shouldDirty: true });
      setRows(kept.map((row) => row.id));
    },
  };
  const { errors, isSubmitting } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);
  const sireChoice = useWatch({ control: form.control, name: 'sireChoice' });
  const breedingField = form.register('breedingId');

  const submit = form.handleSubmit(async (values) => {
    try {
      const birth = await record.mutateAsync(values);
      toast({
        title: 'Birth recorded',
        description: birth.offspring.map((child) => child.name).join(', '),
      });
      await guard.allowLeave();
      navigate(`/animal/${dam.id}`);
    } catch (error) {
      const unplaced = applyServerErrors(error, form.setError, (field) => {
        if (field === 'sireId') return 'sireChoice';
        const row = /^offspring\.(\d+)\.(name|sex|weight)$/.exec(field);
        if (row) return `offspring.${Number(row[1])}.${row[2] as 'name'}`;
        return ['bornOn', 'breedingId', 'sire'].includes(field) ? (field as 'bornOn') : undefined;
      });
      toast({
        title: 'Failed to record birth. Please try again.',
        description: unplaced[0] ?? offlineMessage(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <DamFormFrame
      id="record-birth-heading"
      title={`Record Birth: ${dam.name}`}
      damId={dam.id}
      guard={guard}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Birth Date"
        type="date"
        max={today}
        error={errors.bornOn?.message}
        {...form.register('bornOn')}
      />
      {breedings.length > 0 && (
        <SelectField
          label="Breeding"
          error={errors.breedingId?.message}
          {...breedingField}
          onChange={(event) => {
            void breedingField.onChange(event);
            const chosen = breedings.find((breeding) => breeding.id === event.target.value);
            const sire = sireOf(chosen);
            form.setValue('sireChoice', sire.sireChoice, { shouldDirty: true });
            form.setValue('sire', sire.sire, { shouldDirty: true });
          }}
        >
          <option value="">None recorded</option>
          {breedings.map((breeding) => (
            <option key={breeding.id} value={breeding.id}>
              {`Bred ${formatUsDate(breeding.bredOn)}${breeding.sire ? ` to ${breeding.sire}` : ''}${
                breeding.bornOn ? ' (born)' : ` (expected ${mediumDate(breeding.expectedOn)})`
              }`}
            </option>
          ))}
        </SelectField>
      )}
      <ParentField
        side="sire"
        speciesName={dam.speciesName ?? undefined}
        animalId={dam.id}
        choice={sireChoice}
        choiceField={form.register('sireChoice')}
        nameField={form.register('sire')}
        error={errors.sireChoice?.message}
        nameError={errors.sire?.message}
      />
      {litter.fields.map((field, index) => (
        <fieldset key={field.key} className="relative space-y-3 rounded-md border border-stone-200 p-3">
          <legend className="float-left mb-1 w-full pr-12 text-sm font-semibold">Newborn {index + 1}</legend>
          {litter.fields.length > 1 && (
            <Button
              variant="ghost"
              className="absolute top-1 right-1 !px-2"
              aria-label={`Remove newborn ${index + 1}`}
              onClick={() => litter.remove(index)}
            >
              <X aria-hidden className="size-4" />
            </Button>
          )}
          <TextField
            label="Name"
            autoComplete="off"
            maxLength={100}
            error={errors.offspring?.[index]?.name?.message}
            {...form.register(`offspring.${index}.name`)}
          />
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label="Sex"
              error={errors.offspring?.[index]?.sex?.message}
              {...form.register(`offspring.${index}.sex`)}
            >
              <option value="">Not set</option>
              {sexValues.map((value) => (
                <option key={value} value={value}>
                  {sexLabels[value]}
                </option>
              ))}
            </SelectField>
            <TextField
              label={`Birth weight (${weightUnit})`}
              type="number"
              inputMode="decimal"
              step={0.01}
              min={0}
              error={errors.offspring?.[index]?.weight?.message}
              {...form.register(`offspring.${index}.weight`)}
            />
          </div>
        </fieldset>
      ))}
      {errors.offspring?.message && <p className="text-sm text-red-700">{errors.offspring.message}</p>}
      {litter.fields.length < maxLitter && (
        <Button variant="secondary" className="w-full" onClick={() => litter.append(newborn())}>
          <Plus aria-hidden className="size-4" />
          Add Another Newborn
        </Button>
      )}
      <p className="text-xs text-stone-600">
        Each newborn joins {dam.name}’s groups
        {dam.groups.length ? ` (${dam.groups.map((group) => group.name).join(', ')})` : ''}.
      </p>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Saving...' : 'Save Birth'}
      </Button>
    </DamFormFrame>
  );
}

export default function RecordBirthPage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const animal = useQuery(animalQuery(animalId));
  const breedings = useQuery(breedingsQuery(animalId));
  const profile = useQuery(profileQuery);
  const { today, ready } = useFarmToday();
  usePageHeading(animal.data ? `Birth: ${animal.data.name}` : undefined);

  if (animal.isPending || breedings.isPending || profile.isPending || !ready)
    return <Loading place="tight">Loading animal...</Loading>;
  if (animal.isError) {
    if (isNotFound(animal.error)) return <AnimalNotFound />;
    return <LoadError error={animal.error} onRetry={() => void animal.refetch()} look="alert" />;
  }
  if (breedings.isError)
    return <LoadError error={breedings.error} onRetry={() => void breedings.refetch()} look="alert" />;
  if (profile.isError)
    return <LoadError error={profile.error} onRetry={() => void profile.refetch()} look="alert" />;
  return (
    <BirthForm
      dam={animal.data}
      breedings={breedings.data}
      today={today}
      weightUnit={profile.data.weightUnit}
    />
  );
}
