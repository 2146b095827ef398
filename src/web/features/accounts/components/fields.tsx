// Form parts the account forms share: the locked email field, a text area with a live character count and the
// save button.
import type { ComponentProps } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { EMAIL_LOCKED_MESSAGE } from '#domain/schemas/profile.schema';

/** The account's email, shown but never editable. */
export function LockedEmailField({ id, value }: { id: string; value: string }) {
  return (
    <FormField id={id} label="Email" hint={EMAIL_LOCKED_MESSAGE}>
      <Input id={id} type="email" value={value} disabled readOnly aria-describedby={`${id}-hint`} />
    </FormField>
  );
}

export interface CountedTextareaProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id: string;
  label: string;
  error?: string;
  length: number;
  minChars: number;
  maxChars: number;
}

/** A text area with its bounds and a live count ("120 / 499 characters") that turns red outside them. */
export function CountedTextarea({
  id,
  label,
  error,
  length,
  minChars,
  maxChars,
  ...textarea
}: CountedTextareaProps) {
  const outside = length > maxChars || (length > 0 && length < minChars);
  const countId = `${id}-count`;
  return (
    <FormField id={id} label={label} error={error}>
      <Textarea
        id={id}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? fieldErrorId(id) : null, countId].filter(Boolean).join(' ')}
        {...textarea}
      />
      <p
        id={countId}
        className={cn(
          'text-xs',
          outside ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
        )}
      >
        {length} / {maxChars} characters (at least {minChars})
      </p>
    </FormField>
  );
}

/** The profile forms' submit row: "Save changes", "Saving…" and disabled while the save is under way. */
export function SaveChangesRow({ pending }: { pending: boolean }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? 'Saving…' : 'Save changes'}
      </Button>
    </div>
  );
}
