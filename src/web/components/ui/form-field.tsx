import type { ReactNode } from 'react';
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
