// What the care entry form does with a valid form: a new entry is saved (or kept on the device
// while offline) and the page goes back; an edit sends only what changed, and a failure puts the
// server's messages on the fields and the rest in one toast.
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { CareEntry, CareEntryCreate } from '../../../../shared/schemas/care';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { useToast } from '../../../components/ui/toaster';
import type { LeaveGuard } from '../../../hooks/use-leave-guard';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-errors';
import { saveOrQueue, waitingToSync } from '../../../lib/outbox';
import { useCreateCareEntries, useUpdateCareEntry } from '../api/care';
import {
  changesOf,
  fieldFor,
  type BatchWeight,
  type EntryEditValues,
  type EntryFormOutput,
  type EntryFormValues,
} from '../entry-form-values';
import type { EntryRoute } from '../entry-route';
import { pendingCare } from '../pending-care';

export function useEntryFormSubmit(
  form: UseFormReturn<EntryFormValues, unknown, EntryFormOutput>,
  guard: LeaveGuard,
  {
    route,
    subject,
    unit,
    batchId,
    entry,
    batch,
    pickAnimals,
  }: {
    route: EntryRoute;
    subject: string;
    unit: WeightUnit;
    batchId: string;
    /** an edit: the opened entry */
    entry?: CareEntry;
    /** a group weigh-in's edit: every animal's recorded value */
    batch?: BatchWeight[];
    /** a new group entry, its animals chosen in the form */
    pickAnimals: boolean;
  },
) {
  const { type } = route;
  const isGroup = route.owner === 'group';
  const [, navigate] = useLocation();
  const toast = useToast();
  const create = useCreateCareEntries();
  const update = useUpdateCareEntry();

  const failure =
    type === 'medical'
      ? pickAnimals
        ? 'Failed to create medical entries. Please try again.'
        : 'Failed to create/update medical entry. Please try again.'
      : 'Failed to save the entry. Please try again.';

  const showFailure = (error: unknown, included: number[]) => {
    const unplaced = applyServerErrors(error, form.setError, fieldFor(included));
    const animalsError =
      error instanceof ApiError ? (error.fields?.animalIds ?? error.fields?.weights) : undefined;
    const description =
      error instanceof ApiError && (error.status === 0 || error.status === 409)
        ? error.message
        : [...(animalsError ?? []), ...unplaced].join(' ') || undefined;
    toast({ title: failure, description, variant: 'destructive' });
  };

  const add = async (input: CareEntryCreate, included: number[]) => {
    try {
      // with no signal (or earlier changes still waiting) it is kept on the device: 'Waiting to sync'
      const saved = await saveOrQueue(pendingCare({ ...input, batchId }, subject, unit), () =>
        create.mutateAsync(input),
      );
      toast(saved.queued ? { title: 'Entry added', description: waitingToSync } : { title: 'Entry added' });
      await guard.allowLeave();
      navigate(route.ownerPath, { replace: true });
    } catch (error) {
      showFailure(error, included);
    }
  };

  const save = async (values: EntryEditValues, opened: CareEntry) => {
    const changes = changesOf(values, opened, batch);
    try {
      if (isGroup && type === 'weight' && !batch) {
        // a batch's weights differ per animal: the value (and score) change for the opened entry
        // only, the date for all
        const { weightValue, bodyCondition, ...rest } = changes;
        if (weightValue !== undefined || bodyCondition !== undefined) {
          await update.mutateAsync({
            id: opened.id,
            scope: 'entry',
            changes: { weightValue, bodyCondition },
          });
        }
        if (Object.keys(rest).length)
          await update.mutateAsync({ id: opened.id, scope: 'batch', changes: rest });
      } else if (Object.keys(changes).length) {
        await update.mutateAsync({ id: opened.id, scope: isGroup ? 'batch' : 'entry', changes });
      }
      if (Object.keys(changes).length) toast({ title: 'Entry updated' });
      await guard.allowLeave();
      navigate(route.ownerPath, { replace: true });
    } catch (error) {
      showFailure(error, batch ? (values.weights?.map((_, index) => index) ?? []) : []);
    }
  };

  // the animals' message (none chosen) has no field of its own to sit under: a toast says it
  const onInvalid = (invalid: FieldErrors<EntryFormValues>) => {
    const message = invalid.animals?.root?.message ?? invalid.animals?.message;
    if (message) toast({ title: message, variant: 'destructive' });
  };

  const submit = form.handleSubmit(
    (output) =>
      output.kind === 'create' ? add(output.input, output.included) : entry && save(output.values, entry),
    onInvalid,
  );
  return { submit, busy: create.isPending || update.isPending };
}
