// /add-group: name, description and colour of a new herd group.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod/mini';
import { defaultGroupColor, groupCreateSchema } from '../../../shared/schemas/groups';
import { BackButton } from '../../components/back-button';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { TextField, TextareaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { offlineMessage } from '../../lib/api';
import { applyServerErrors, sameNames } from '../../lib/form-errors';
import { useCreateGroup } from './api/groups';
import { ColorChoice } from './components/color-choice';

type FormValues = z.input<typeof groupCreateSchema>;
type ParsedValues = z.output<typeof groupCreateSchema>;

export default function AddGroupPage() {
  const [, navigate] = useLocation();
  const toast = useToast();
  const create = useCreateGroup();
  // chosen once: a retry after a lost answer re-sends the same id, and the server keeps one group
  const [id] = useState(() => crypto.randomUUID());
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(groupCreateSchema),
    defaultValues: { name: '', description: '', color: undefined },
  });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const color = useController({ control: form.control, name: 'color' });
  const saving = create.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ ...values, id });
      toast({ title: 'Group created' });
      navigate('/home');
    } catch (error) {
      applyServerErrors(error, form.setError, sameNames(['name', 'description', 'color']));
      toast({
        title: 'Failed to create group. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <div className="space-y-2">
      <BackButton fallback="/home" />
      <section aria-labelledby="add-group-heading" className={`${cardClasses} space-y-4`}>
        <h2 id="add-group-heading" className="text-lg font-semibold">
          Add New Group
        </h2>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <TextField
            label="Group Name"
            placeholder="Rabbits"
            autoComplete="off"
            maxLength={60}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextareaField
            label="Description"
            placeholder="Optional: where they live, what they are for"
            maxLength={500}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <ColorChoice
            legend="Color"
            value={color.field.value}
            onChange={(value) => color.field.onChange(value)}
            error={errors.color?.message}
          >
            <p className="flex items-center gap-2 text-xs text-stone-600">
              {color.field.value ? (
                <button
                  type="button"
                  className="inline-flex min-h-6 items-center font-medium text-brand-700 underline-offset-4 hover:underline"
                  onClick={() => color.field.onChange(undefined)}
                >
                  Use the default color instead
                </button>
              ) : (
                <>
                  <span
                    aria-hidden
                    className="size-3 rounded-full"
                    style={{ backgroundColor: defaultGroupColor }}
                  />
                  None chosen: the group gets the default orange.
                </>
              )}
            </p>
          </ColorChoice>
          <div className="flex gap-2 pt-2">
            <Link href="/home" className={`${buttonBase} ${buttonClasses.secondary} flex-1`}>
              Cancel
            </Link>
            <Button type="submit" disabled={saving || !name?.trim()} className="flex-1">
              {saving ? 'Adding...' : '+ Add Group'}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
