// The egg collection form: 'Collect Eggs' (a new collection, from a group or with its group chosen)
// and 'Edit Collection'. Made for the barn: the count has the focus and a number pad, the rest has
// a default (today in the farm's zone) or waits behind 'More', so open → type → Save is enough.
// Before saving it asks whether a hen of the group is under an egg withdrawal that day and, if so,
// says 'Discard: …' and offers 'Discarded' with every egg (the user may keep some apart). With no
// signal the check is skipped and the collection waits in the outbox; the server discards under
// withdrawal when it arrives.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isCalendarDate } from '../../../../shared/schemas/common';
import type { EggCollection, EggCollectionWritten } from '../../../../shared/schemas/production';
import { FormButtons } from '../../../components/form-buttons';
import { SelectField, TextareaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { LeaveGuardDialog, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { reportSaveError, sameNames } from '../../../lib/form-errors';
import { saveOrQueue, useOnline, waitingToSync } from '../../../lib/outbox';
import { eggWithdrawalQuery, useCreateEggCollection, useUpdateEggCollection } from '../api/eggs';
import { discardText, eggsText, saleableText } from '../egg-display';
import {
  eggFormDefaults,
  eggFormFields,
  eggFormSchema,
  type EggFormOutput,
  type EggFormValues,
} from '../egg-form-values';
import { pendingEggCollection } from '../pending-eggs';

/** What the toast says of a stored collection: '12 eggs: 10 saleable · 2 discarded (Hen 4).' */
function savedText(saved: EggCollectionWritten): string {
  const under = saved.withdrawal.map((animal) => animal.name).join(', ');
  return `${eggsText(saved.eggs)}: ${saleableText(saved)}${under ? ` (under withdrawal: ${under})` : ''}.`;
}

const countInput = { type: 'text', inputMode: 'numeric', autoComplete: 'off', maxLength: 5 } as const;
const partLabels = { cracked: 'Cracked', dirty: 'Dirty', small: 'Small' } as const;

export function EggCollectionForm({
  groups,
  chooseGroup,
  groupId,
  today,
  collection,
  onDone,
  onCancel,
}: {
  /** the groups the form may record for (one, when opened from a group), for the list and the outbox */
  groups: { id: string; name: string }[];
  /** a new collection opened from My Herd: the group is chosen in the form */
  chooseGroup: boolean;
  /** a new collection's group, or the one chosen first ('' for none) */
  groupId: string;
  /** the farm's today */
  today: string;
  /** edit: the collection to change (its group stays) */
  collection?: EggCollection;
  onDone: () => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const online = useOnline();
  const create = useCreateEggCollection();
  const update = useUpdateEggCollection();
  // chosen once: a retry, a double tap or the outbox sends the same id, and the server keeps one
  const [id] = useState(() => crypto.randomUUID());
  const setup = useMemo(() => ({ id, today, collection }), [id, today, collection]);
  const resolver = useMemo(() => zodResolver(eggFormSchema(setup)), [setup]);
  const form = useForm<EggFormValues, unknown, EggFormOutput>({
    resolver,
    defaultValues: eggFormDefaults(setup, groupId),
  });
  const { errors } = form.formState;
  // a new collection typed is never lost silently; an edit sits in a dialog whose Cancel discards
  const guard = useLeaveGuard(!collection && form.formState.isDirty);
  const editing = collection !== undefined;

  const [chosenGroup, collectedOn, eggs] = useWatch({
    control: form.control,
    name: ['groupId', 'collectedOn', 'eggs'],
  });
  const checkable =
    !editing && online && chosenGroup !== '' && isCalendarDate(collectedOn) && collectedOn <= today;
  const withdrawal = useQuery({ ...eggWithdrawalQuery(chosenGroup, collectedOn), enabled: checkable });
  const discard = checkable ? (withdrawal.data ?? []) : [];
  const underWithdrawal = discard.length > 0;

  // 'Discarded' starts with every egg and follows the count until the user changes it
  useEffect(() => {
    if (editing) return;
    if (!underWithdrawal) form.setValue('discarded', '');
    else if (!form.getFieldState('discarded').isDirty) form.setValue('discarded', eggs);
  }, [editing, underWithdrawal, eggs, form]);

  const saving = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (output) => {
    try {
      if (output.kind === 'create') {
        const groupName = groups.find((group) => group.id === output.input.groupId)?.name ?? '';
        const saved = await saveOrQueue(pendingEggCollection(output.input, groupName), () =>
          create.mutateAsync(output.input),
        );
        toast({
          title: 'Eggs collected',
          description: saved.queued ? waitingToSync : savedText(saved.result),
        });
        await guard.allowLeave();
      } else if (collection && Object.keys(output.changes).length) {
        const saved = await update.mutateAsync({ id: collection.id, changes: output.changes });
        toast({ title: 'Collection updated', description: savedText(saved) });
      }
      onDone();
    } catch (error) {
      reportSaveError(error, {
        setError: form.setError,
        fieldFor: sameNames(eggFormFields),
        toast,
        title: editing
          ? 'Failed to update the collection. Please try again.'
          : 'Failed to save the collection. Please try again.',
      });
    }
  });

  const anyPart = Boolean(
    collection && (collection.cracked ?? collection.dirty ?? collection.small) !== null,
  );

  return (
    <>
      <LeaveGuardDialog {...guard.dialog} />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {chooseGroup && (
          <SelectField label="Group" error={errors.groupId?.message} {...form.register('groupId')}>
            <option value="">Choose a group</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Date"
          type="date"
          max={today}
          error={errors.collectedOn?.message}
          {...form.register('collectedOn')}
        />
        <TextField
          label="Eggs"
          {...countInput}
          // the one field a collection needs: ready to type as the form opens (not in a dialog)
          autoFocus={!editing}
          error={errors.eggs?.message}
          {...form.register('eggs')}
        />

        {underWithdrawal && (
          <div
            role="alert"
            className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {discard.map((animal) => (
              <p key={animal.animalId} className="flex items-start gap-2 font-medium">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0 break-words">{discardText(animal)}</span>
              </p>
            ))}
          </div>
        )}
        {(underWithdrawal || editing) && (
          <TextField
            label="Discarded"
            {...countInput}
            hint={
              editing
                ? 'Eggs thrown away, not sold.'
                : 'Every egg, unless you kept those of the hens above apart: then only theirs.'
            }
            error={errors.discarded?.message}
            {...form.register('discarded')}
          />
        )}
        {!editing && !online && (
          <p className="flex items-start gap-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-700">
            <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Offline: the egg withdrawal check is skipped. When this syncs, the server still discards the
              eggs if a hen is under withdrawal that day.
            </span>
          </p>
        )}

        <details open={anyPart}>
          <summary className="cursor-pointer py-1 text-sm font-medium text-brand-700">
            More: cracked, dirty, small
          </summary>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {(['cracked', 'dirty', 'small'] as const).map((part) => (
              <TextField
                key={part}
                label={partLabels[part]}
                {...countInput}
                error={errors[part]?.message}
                {...form.register(part)}
              />
            ))}
          </div>
        </details>
        <TextareaField
          label="Note"
          rows={2}
          maxLength={1000}
          error={errors.note?.message}
          {...form.register('note')}
        />

        <FormButtons
          submitLabel={editing ? 'Save Changes' : 'Save'}
          saving={saving}
          onCancel={() => void guard.allowLeave().then(onCancel)}
        />
      </form>
    </>
  );
}
