// Writing or editing one's review of a job: the overall stars, the sub-ratings of the side being reviewed (a
// customer rates the provider's quality, communication, punctuality and value; a provider the customer's clarity,
// responsiveness and fairness), the text with its count. Checked here as the server checks it; what the server
// still refuses shows at its field, and focus moves to the first field in error.
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  subRatingLabels,
  subRatingsBy,
  type ReviewSide,
} from '#domain/reviews';
import type { ReviewBody } from '#domain/schemas/review.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { useSaveReview } from '../api/job-reviews.ts';
import { StarRatingInput } from './StarRatingInput.tsx';

type SubRatingName = keyof typeof subRatingLabels;

export interface ReviewFormValues {
  rating: number | undefined;
  subRatings: Record<string, number>;
  text: string;
}

export interface ReviewFormProps {
  jobId: string;
  /** The writer's side: it decides which sub-ratings the form asks for. */
  yourSide: ReviewSide;
  /** The review being edited (null: a new one). */
  reviewId: string | null;
  initial?: ReviewFormValues;
  submitLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
}

const SAVE_FAILED = 'Your review could not be saved. Please try again.';

/** The problems the server would report, by field, in its words. */
function problems(values: ReviewFormValues, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (values.rating === undefined) out.rating = 'Choose a rating from 1 to 5 stars';
  for (const n of names) {
    if (values.subRatings[n] === undefined) {
      out[n] = `Rate ${subRatingLabels[n as SubRatingName].toLowerCase()} from 1 to 5 stars`;
    }
  }
  const length = values.text.trim().length;
  if (length < REVIEW_TEXT_MIN) out.text = `Write at least ${REVIEW_TEXT_MIN} characters`;
  else if (length > REVIEW_TEXT_MAX) out.text = `At most ${REVIEW_TEXT_MAX} characters`;
  return out;
}

export function ReviewForm({
  jobId,
  yourSide,
  reviewId,
  initial,
  submitLabel,
  onDone,
  onCancel,
}: ReviewFormProps) {
  const id = useId();
  const names = subRatingsBy(yourSide);
  const [values, setValues] = useState<ReviewFormValues>(
    initial ?? { rating: undefined, subRatings: {}, text: '' },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveReview(jobId);
  const firstRadios = useRef<Record<string, HTMLInputElement | null>>({});

  const fieldId = (name: string) => `${id}-${name}`;
  const order = ['rating', ...names, 'text'];

  /** Focus the first field in error: its checked star (or the first), or the text. */
  const focusFirst = (found: Record<string, string>) => {
    const first = order.find((n) => found[n]);
    if (!first) return;
    if (first === 'text') return document.getElementById(fieldId('text'))?.focus();
    const group = firstRadios.current[first];
    const checked = group?.closest('fieldset')?.querySelector<HTMLInputElement>('input:checked');
    (checked ?? group)?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = problems(values, names);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    const body: ReviewBody = { rating: values.rating!, text: values.text.trim() };
    for (const n of names) body[n as SubRatingName] = values.subRatings[n];
    try {
      await save.mutateAsync({ reviewId, body });
      toast({ title: reviewId ? 'Your review is updated' : 'Your review is saved', variant: 'success' });
      onDone?.();
    } catch (err) {
      const parsed = parseApiError(err);
      const known = Object.fromEntries(Object.entries(parsed.fields).filter(([k]) => order.includes(k)));
      setErrors(known);
      if (Object.keys(known).length > 0) focusFirst(known);
      else setFormError(parsed.message ?? SAVE_FAILED);
    }
  };

  const count = values.text.trim().length;
  const textId = fieldId('text');

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      {formError && (
        <Alert variant="destructive" title="That did not work">
          {formError}
        </Alert>
      )}
      <StarRatingInput
        id={fieldId('rating')}
        legend="Overall rating"
        size="lg"
        value={values.rating}
        onChange={(rating) => setValues((v) => ({ ...v, rating }))}
        error={errors.rating}
        firstRef={(el) => {
          firstRadios.current.rating = el;
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {names.map((n) => (
          <StarRatingInput
            key={n}
            id={fieldId(n)}
            legend={subRatingLabels[n as SubRatingName]}
            value={values.subRatings[n]}
            onChange={(stars) => setValues((v) => ({ ...v, subRatings: { ...v.subRatings, [n]: stars } }))}
            error={errors[n]}
            firstRef={(el) => {
              firstRadios.current[n] = el;
            }}
          />
        ))}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={textId}>Your review</Label>
        <Textarea
          id={textId}
          value={values.text}
          rows={5}
          onChange={(e) => setValues((v) => ({ ...v, text: e.target.value }))}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${fieldErrorId(textId)} ${textId}-count` : `${textId}-count`}
        />
        <p
          id={`${textId}-count`}
          className={
            count > REVIEW_TEXT_MAX
              ? 'text-xs font-medium text-red-700 dark:text-red-400'
              : 'text-xs text-slate-600 dark:text-slate-400'
          }
        >
          {count} / {REVIEW_TEXT_MAX}
          {count < REVIEW_TEXT_MIN && ` (at least ${REVIEW_TEXT_MIN})`}
        </p>
        <FieldError id={textId} message={errors.text} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
