// The one way to put the server's field errors (ApiError.fields, keyed by the API's field names)
// onto a react-hook-form form: each message goes to the form field `fieldFor` names, the first one
// placed takes the focus, and messages that fit no field come back for the caller to show.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { useToast } from '../components/ui/toaster';
import { ApiError, errorMessage } from './api';

/** Maps an API field name to a form field, or undefined when the form has no field for it. */
export type FieldFor<Values extends FieldValues> = (apiField: string) => Path<Values> | undefined;

/** The API's field names that are also the form's (the common case). */
export const sameNames =
  <Values extends FieldValues>(names: readonly Path<Values>[]): FieldFor<Values> =>
  (apiField) =>
    (names as readonly string[]).includes(apiField) ? (apiField as Path<Values>) : undefined;

/** Answers the messages that fit no field (empty when none, or when the error has no fields). */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fieldFor: FieldFor<Values>,
): string[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const unplaced: string[] = [];
  let focus = true;
  for (const [apiField, messages] of Object.entries(error.fields)) {
    const message = messages[0];
    if (!message) continue;
    const field = fieldFor(apiField);
    if (!field) {
      unplaced.push(message);
      continue;
    }
    setError(field, { type: 'server', message }, { shouldFocus: focus });
    focus = false;
  }
  return unplaced;
}

type ShowToast = ReturnType<typeof useToast>;

/**
 * A failed save: the server's field errors on their fields (the first focused), and a toast titled
 * `title` that says what fits no field, or why (offline, a conflict) when there were no field errors.
 */
export function reportSaveError<Values extends FieldValues>(
  error: unknown,
  {
    setError,
    fieldFor,
    toast,
    title,
  }: {
    setError: UseFormSetError<Values>;
    fieldFor: FieldFor<Values>;
    toast: ShowToast;
    title: string;
  },
): void {
  const unplaced = applyServerErrors(error, setError, fieldFor);
  const placed = error instanceof ApiError && error.fields && unplaced.length === 0;
  toast({
    title,
    description: placed ? undefined : unplaced.join(' ') || errorMessage(error),
    variant: 'destructive',
  });
}
