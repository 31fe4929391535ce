// /group/:groupId/edit: change a group's name, description and colour, or delete the group.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod/mini';
import { groupUpdateSchema, type Group } from '../../../shared/schemas/groups';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { useAwaitingServer } from '../../lib/awaiting-server';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { TextField, TextareaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { offlineMessage } from '../../lib/api';
import { applyServerErrors, sameNames } from '../../lib/form-errors';
import { groupQuery, useDeleteGroup, useUpdateGroup } from './api/groups';
import { parseColor, toHex } from './color';
import { ColorChoice } from './components/color-choice';
import { useGroupId } from './use-group-id';

type FormValues = z.input<typeof groupUpdateSchema>;
type ParsedValues = z.output<typeof groupUpdateSchema>;

/** SPEC's confirm, then what happens to the group's animals: they stay, in no group or their others. */
function deleteGroupMessage(animalCount: number): string {
  const spec = 'Are you sure you want to delete this group? This action cannot be undone.';
  if (animalCount === 0) return spec;
  return animalCount === 1
    ? `${spec} Its 1 animal stays in My Animals.`
    : `${spec} Its ${animalCount} animals stay in My Animals.`;
}

function EditGroupForm({ group }: { group: Group }) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const update = useUpdateGroup(group.id);
  const remove = useDeleteGroup(group.id);
  const [confirming, setConfirming] = useState(false);
  const pickerId = useId();
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(groupUpdateSchema),
    defaultValues: { name: group.name, description: group.description ?? '', color: group.color },
  });
  const { errors } = form.formState;
  const color = useWatch({ control: form.control, name: 'color' }) ?? '';
  const busy = update.isPending || remove.isPending;
  const setColor = (value: string) =>
    form.setValue('color', value, { shouldDirty: true, shouldValidate: true });

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Group updated' });
      navigate(`/group/${group.id}`);
    } catch (error) {
      applyServerErrors(error, form.setError, sameNames(['name', 'description', 'color']));
      toast({
        title: 'Failed to update group. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  });

  const deleteGroup = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      toast({ title: 'Group deleted' });
      navigate('/home');
    } catch (error) {
      setConfirming(false);
      toast({
        title: 'Failed to delete group. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="edit-group-heading" className={`${cardClasses} space-y-4`}>
      <h2 id="edit-group-heading" className="text-lg font-semibold">
        Edit Group
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label="Group Name"
          autoComplete="off"
          maxLength={60}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextareaField
          label="Description"
          maxLength={500}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <div className="space-y-4 rounded-lg border border-stone-200 p-3">
          <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-3">
            <div className="space-y-1">
              <label htmlFor={pickerId} className="block text-sm font-medium text-stone-800">
                Color
              </label>
              <input
                id={pickerId}
                type="color"
                value={toHex(parseColor(color) ? color : group.color)}
                onChange={(event) => setColor(event.target.value)}
                className="block h-[42px] w-16 cursor-pointer rounded-md border border-stone-300 bg-white p-1"
              />
            </div>
            <TextField
              label="Color value"
              autoComplete="off"
              spellCheck={false}
              placeholder="rgba(59,130,246,1) or #3b82f6"
              error={errors.color?.message}
              hint={parseColor(color) ? undefined : 'Use rgba(r,g,b,a) or #rrggbb'}
              {...form.register('color')}
            />
          </div>
          <ColorChoice legend="Quick picks" value={color} onChange={setColor} />
        </div>
        <div className="flex gap-2 pt-2">
          <Link
            href={`/group/${group.id}`}
            aria-disabled={busy || undefined}
            className={`${buttonBase} ${buttonClasses.secondary} flex-1 aria-disabled:pointer-events-none aria-disabled:text-stone-400`}
          >
            Cancel
          </Link>
          <Button type="submit" disabled={busy} className="flex-1">
            {update.isPending ? 'Updating...' : 'Update Group'}
          </Button>
        </div>
      </form>
      <div className="border-t border-stone-200 pt-4">
        <Button variant="destructive" disabled={busy} className="w-full" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="size-4" />
          Delete Group
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${group.name}?`}
        message={deleteGroupMessage(group.animalCount)}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void deleteGroup()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

export default function EditGroupPage() {
  const groupId = useGroupId();
  const group = useQuery(groupQuery(groupId));
  // the form keeps the group as it was drawn: the server's, not an older copy's
  const fromCopy = useAwaitingServer(group);

  if (group.isPending || fromCopy) return <Loading>Loading group data...</Loading>;
  if (group.isError) {
    if (isNotFound(group.error)) return <NotFound title="Group not found" />;
    return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  }
  return <EditGroupForm group={group.data} />;
}
