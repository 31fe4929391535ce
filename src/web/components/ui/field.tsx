// A labelled form control with its error message wired up for screen readers.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const controlClasses =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-700 aria-[invalid=true]:border-red-600';

type FieldProps = { label: string; error?: string; hint?: ReactNode };

function FieldFrame({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes that tie a control to its label, hint and error. */
const wiring = (id: string, { error, hint }: Omit<FieldProps, 'label'>) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

export function TextField({
  label,
  error,
  hint,
  ref,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input {...wiring(id, { error, hint })} ref={ref} className={controlClasses} {...props} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  ref,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select {...wiring(id, { error, hint })} ref={ref} className={controlClasses} {...props}>
        {children}
      </select>
    </FieldFrame>
  );
}

export function TextareaField({
  label,
  error,
  hint,
  ref,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        {...wiring(id, { error, hint })}
        ref={ref}
        rows={3}
        className={`${controlClasses} min-h-20 resize-y`}
        {...props}
      />
    </FieldFrame>
  );
}
