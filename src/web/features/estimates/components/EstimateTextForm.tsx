// The estimate's description on its page, and for the owner the inline form that changes the title and the
// description (PATCH /api/estimates/{id}), before and after posting: checked with the shared schema before it is
// sent, the server's field messages under their fields, a character counter, Escape or Cancel to close, and the
// focus back on the Edit button after closing. A completed or cancelled estimate is not edited.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { canEditText } from '#domain/estimate-status';
import {
  ESTIMATE_TEXT_LIMITS,
  estimateTextSchema,
  type EstimateTextInput,
} from '#domain/schemas/estimate.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { useUpdateEstimate } from '../api/update-estimate.ts';
import type { Estimate } from '../api/types.ts';
import { refusal } from './useEstimateActions.tsx';

export const EDIT_TEXT_LABEL = 'Edit title and description';
export const UPDATE_FAILED = 'Failed to update the estimate. Please try again.';
const NO_DESCRIPTION = 'No description yet.';
const OWNER_HINT = 'Say what is wrong in your own words, for example “the shower valve drips when off”.';

type TextValues = z.output<typeof estimateTextSchema>;
const resolver = zodResolver(estimateTextSchema);
const fieldNames = ['title', 'description'] as const;

/** The Description section: the text for every reader, the Edit button and its form for the owner. */
export function EstimateDescription({ estimate: e, owner }: { estimate: Estimate; owner: boolean }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editable = owner && canEditText(e.status);
  if (!owner && !e.description) return null;

  const close = () => {
    setEditing(false);
    // The button is back once the form is gone: give it the focus after that render.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <section aria-labelledby="description" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="description" className="text-xl font-semibold text-slate-900 dark:text-white">
          Description
        </h2>
        {editable && !editing && (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            {EDIT_TEXT_LABEL}
          </Button>
        )}
      </div>
      {editing ? (
        <EstimateTextForm estimate={e} onDone={close} />
      ) : e.description ? (
        <p className="mt-2 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
          {e.description}
        </p>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {NO_DESCRIPTION} {editable && OWNER_HINT}
        </p>
      )}
    </section>
  );
}

export function EstimateTextForm({ estimate: e, onDone }: { estimate: Estimate; onDone: () => void }) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const counterId = `${id}-count`;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm<EstimateTextInput, unknown, TextValues>({
    resolver,
    defaultValues: { title: e.title, description: e.description },
  });
  useEffect(() => setFocus('title'), [setFocus]);
  const description = useWatch({ control, name: 'description' }) ?? '';
  const over = description.trim().length > ESTIMATE_TEXT_LIMITS.description;

  const update = useUpdateEstimate({
    onSuccess: (saved) => {
      toast({
        title: 'Estimate updated',
        ...(saved.status === 'posted' && saved.bidCount > 0
          ? { description: 'The providers who bid on it have been told.' }
          : {}),
        variant: 'success',
      });
      onDone();
    },
    onError: (err) => {
      const parsed = showFieldErrors(err, fieldNames, setError, { shouldFocus: true });
      if (!fieldNames.some((f) => parsed.fields[f])) setFormError(refusal(err, UPDATE_FAILED));
    },
  });

  const titleError = errors.title?.message;
  const descriptionError = errors.description?.message;
  return (
    <form
      noValidate
      aria-label={EDIT_TEXT_LABEL}
      aria-busy={update.isPending}
      className="mt-3 space-y-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      onSubmit={handleSubmit((body) => {
        setFormError(null);
        update.mutate({ id: e.id, ...body });
      })}
      onKeyDown={(ev) => {
        if (ev.key === 'Escape' && !update.isPending) {
          ev.preventDefault();
          onDone();
        }
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor={titleId}>Title</Label>
        <Input
          id={titleId}
          autoComplete="off"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? fieldErrorId(titleId) : undefined}
          {...register('title')}
        />
        <FieldError id={titleId} message={titleError} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <Textarea
          id={descriptionId}
          rows={6}
          placeholder="For example: the shower valve drips when off."
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={cn(counterId, descriptionError && fieldErrorId(descriptionId))}
          {...register('description')}
        />
        <p
          id={counterId}
          className={cn(
            'text-xs tabular-nums',
            over ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {description.trim().length.toLocaleString('en-US')} of{' '}
          {ESTIMATE_TEXT_LIMITS.description.toLocaleString('en-US')} characters
        </p>
        <FieldError id={descriptionId} message={descriptionError} />
      </div>
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="outline" disabled={update.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
