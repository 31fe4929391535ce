// A note's fields: a title and what was done or noticed.
import type { UseFormReturn } from 'react-hook-form';
import { TextareaField, TextField } from '../../../components/ui/field';
import type { EntryFormOutput, EntryFormValues } from '../entry-form-values';

export function NoteFields({ form }: { form: UseFormReturn<EntryFormValues, unknown, EntryFormOutput> }) {
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label="Title"
        autoComplete="off"
        maxLength={120}
        placeholder="Hoof trim"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextareaField
        label="Note"
        rows={5}
        maxLength={5000}
        placeholder="What you did or noticed"
        error={errors.noteContent?.message}
        {...form.register('noteContent')}
      />
    </>
  );
}
