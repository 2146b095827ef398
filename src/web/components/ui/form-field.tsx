import type { ComponentProps, ReactNode } from 'react';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** A label, the control and its error message; pass `aria-describedby={fieldErrorId(id)}` to the control. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(id)} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** A labelled text input with its error message, wired for assistive technology. */
export function InputField({
  id,
  label,
  error,
  hint,
  ...input
}: Omit<FormFieldProps, 'children'> & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        {...input}
      />
    </FormField>
  );
}
