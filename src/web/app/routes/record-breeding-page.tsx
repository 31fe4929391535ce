// /animal/:animalId/breeding: 'Record Breeding' for a dam — date, sire (hers or from elsewhere),
// the gestation (her species' on this farm, kept when an owner changes it) and a note; shows 'Expected birth'
// as it is typed, and the server adds a reminder a week before.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import * as z from 'zod/mini';
import { birthReminderLead, expectedBirth } from '../../../shared/animals/breeding';
import { mediumDate } from '../../../shared/care/dates';
import type { Animal } from '../../../shared/schemas/animals';
import { breedingCreateSchema, gestationDaysSchema } from '../../../shared/schemas/breeding';
import { isCalendarDate } from '../../../shared/schemas/common';
import { usePageHeading } from '../page-heading';
import { DamFormFrame } from './dam-form-frame';
import { isNotFound, Loading, LoadError } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { TextareaField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { useFarmToday } from '../../hooks/use-farm-today';
import { useLeaveGuard } from '../../hooks/use-leave-guard';
import { offlineMessage } from '../../lib/api';
import { useCan } from '../../lib/farm';
import { applyServerErrors } from '../../lib/form-errors';
import { animalQuery, speciesQuery } from '../../features/animals/api/animals';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import { parentChoice, ParentField, parentInput } from '../../features/animals/components/parent-field';
import { useRecordBreeding } from '../../features/breeding/api/breeding';

const formValuesSchema = z.object({
  bredOn: z.string(),
  sireChoice: z.string(),
  sire: z.string(),
  gestationDays: z.string(),
  note: z.string(),
});
type FormValues = z.infer<typeof formValuesSchema>;

const formSchema = z.pipe(
  z.pipe(
    formValuesSchema,
    z.transform(
      ({ sireChoice, sire, gestationDays, ...values }: FormValues): z.input<typeof breedingCreateSchema> => {
        const parent = parentInput(sireChoice, sire);
        return {
          ...values,
          sireId: parent.id,
          sire: parent.name,
          // blank is not a number: the schema says what to enter
          gestationDays: gestationDays.trim() === '' ? Number.NaN : Number(gestationDays),
        };
      },
    ),
  ),
  breedingCreateSchema,
);
type Parsed = z.output<typeof formSchema>;

function BreedingForm({
  dam,
  today,
  gestationDays,
}: {
  dam: Animal;
  today: string;
  gestationDays: number | null;
}) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const record = useRecordBreeding(dam.id);
  const [id] = useState(() => crypto.randomUUID());
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      bredOn: today,
      sireChoice: parentChoice.none,
      sire: '',
      gestationDays: gestationDays === null ? '' : String(gestationDays),
      note: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);
  const [bredOn, days, sireChoice] = useWatch({
    control: form.control,
    name: ['bredOn', 'gestationDays', 'sireChoice'],
  });
  const gestation = Number(days);
  const expected =
    isCalendarDate(bredOn) && days.trim() !== '' && gestationDaysSchema.safeParse(gestation).success
      ? expectedBirth(bredOn, gestation)
      : null;

  const submit = form.handleSubmit(async (values) => {
    try {
      const breeding = await record.mutateAsync({ ...values, id });
      toast({ title: 'Breeding recorded', description: `Expected birth ${mediumDate(breeding.expectedOn)}` });
      await guard.allowLeave();
      navigate(`/animal/${dam.id}`);
    } catch (error) {
      applyServerErrors(error, form.setError, (field) =>
        field === 'sireId'
          ? 'sireChoice'
          : field in formValuesSchema.shape
            ? (field as keyof FormValues)
            : undefined,
      );
      toast({
        title: 'Failed to record breeding. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  });

  // the farm's gestation is a farm setting: the server keeps an owner's change only
  const keepsGestation = useCan('owner');

  return (
    <DamFormFrame
      id="record-breeding-heading"
      title={`Record Breeding: ${dam.name}`}
      damId={dam.id}
      guard={guard}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Breeding Date"
        type="date"
        max={today}
        error={errors.bredOn?.message}
        {...form.register('bredOn')}
      />
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
      <TextField
        label="Gestation (days)"
        type="number"
        inputMode="numeric"
        min={1}
        max={400}
        step={1}
        hint={
          dam.speciesName
            ? `${dam.speciesName}: ${gestationDays ?? 'not set'}${gestationDays ? ' days' : ''} on this farm; ${
                keepsGestation
                  ? `a change is kept for the next ${dam.speciesName}.`
                  : 'a change is for this breeding only (the farm’s owner sets the farm’s).'
              }`
            : 'Set a species on the animal to remember its gestation.'
        }
        error={errors.gestationDays?.message}
        {...form.register('gestationDays')}
      />
      <p role="status" className="rounded-md bg-brand-50 p-3 text-sm font-medium text-brand-900">
        {expected
          ? `Expected birth ${mediumDate(expected)}`
          : 'Enter the date and gestation to see the expected birth.'}
      </p>
      <TextareaField label="Note" maxLength={1000} error={errors.note?.message} {...form.register('note')} />
      <p className="text-xs text-stone-600">
        A reminder is added {birthReminderLead} days before the expected birth.
      </p>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Saving...' : 'Save Breeding'}
      </Button>
    </DamFormFrame>
  );
}

export default function RecordBreedingPage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const animal = useQuery(animalQuery(animalId));
  const species = useQuery(speciesQuery);
  const { today, ready } = useFarmToday();
  usePageHeading(animal.data ? `Breeding: ${animal.data.name}` : undefined);

  if (animal.isPending || species.isPending || !ready)
    return <Loading place="tight">Loading animal...</Loading>;
  if (animal.isError) {
    if (isNotFound(animal.error)) return <AnimalNotFound />;
    return <LoadError error={animal.error} onRetry={() => void animal.refetch()} look="alert" />;
  }
  if (species.isError)
    return <LoadError error={species.error} onRetry={() => void species.refetch()} look="alert" />;
  const days = species.data.find((item) => item.id === animal.data.speciesId)?.gestationDays ?? null;
  return <BreedingForm dam={animal.data} today={today} gestationDays={days} />;
}
