// "Add a quote" / "Edit quote" beside Message on work the provider has bid on: a dialog with the estimate's
// lines prefilled with the estimate's own amounts (each editable or left out: "Not quoted"), extras, exclusions,
// how long the price holds and when the work can start, and a note. The total is computed as the provider types
// and read against the customer's range (announced politely); a line priced more than 20 % above the estimate
// says so in words. The form checks the domain schema before sending and shows the server's field messages
// under their fields.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatMoney, formatWholeDollars } from '#domain/format';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { QUOTE_LIMITS, QUOTE_MESSAGES, type OwnQuote } from '#domain/schemas/quote.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import { useSaveQuote } from '../api/quotes.ts';
import {
  fieldForPath,
  initialQuoteState,
  liveTotal,
  parseDollars,
  percentAbove,
  quoteBody,
  rangeSentence,
  validateQuote,
  ymdPlus,
  type QuoteErrors,
  type QuoteFormState,
} from './quote-form-model.ts';

export function QuoteDialog({
  estimate,
  bidId,
  quote,
}: {
  estimate: Estimate;
  bidId: string;
  quote: OwnQuote | null;
}) {
  const [open, setOpen] = useState(false);
  const label = quote ? 'Edit quote' : 'Add a quote';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`${label} for ${estimate.title}`}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={quote ? `Edit your quote: ${estimate.title}` : `Quote ${estimate.title}`}
        description="Price the customer's own lines, add any extra work, and say what the price leaves out."
        className="max-h-[95dvh] w-[calc(100%-1rem)] max-w-2xl p-4 sm:p-6"
      >
        <QuoteForm estimate={estimate} bidId={bidId} quote={quote} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

const money = formatMoney;
const small = 'text-sm text-slate-700 dark:text-slate-300';

function QuoteForm({
  estimate,
  bidId,
  quote,
  onDone,
}: {
  estimate: Estimate;
  bidId: string;
  quote: OwnQuote | null;
  onDone: () => void;
}) {
  const [state, setState] = useState<QuoteFormState>(() => initialQuoteState(estimate, quote));
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [refusals, setRefusals] = useState(0);
  const nextKey = useRef(state.extras.length);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveQuote();

  // After a refused send, the focus goes to the first field marked invalid, top to bottom.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const patch = (p: Partial<QuoteFormState>) => setState((s) => ({ ...s, ...p }));
  const patchLine = (subtaskId: string, p: Partial<QuoteFormState['lines'][number]>) =>
    setState((s) => ({ ...s, lines: s.lines.map((l) => (l.subtaskId === subtaskId ? { ...l, ...p } : l)) }));
  const patchExtra = (key: number, p: Partial<QuoteFormState['extras'][number]>) =>
    setState((s) => ({ ...s, extras: s.extras.map((x) => (x.key === key ? { ...x, ...p } : x)) }));

  const total = liveTotal(state);
  const today = ymdPlus(0);

  const submit = () => {
    const found = validateQuote(state);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    const sent = state;
    save.mutate(
      { bidId, body: quoteBody(sent) },
      {
        onSuccess: () => {
          toast({ title: quote ? QUOTE_MESSAGES.revised : QUOTE_MESSAGES.saved, variant: 'success' });
          onDone();
        },
        onError: (err) => {
          const parsed = parseApiError(err);
          const next: QuoteErrors = {};
          for (const [path, message] of Object.entries(parsed.fields)) {
            next[fieldForPath(sent, path) ?? 'form'] ??= message;
          }
          if (Object.keys(next).length === 0) next.form = errorMessage(err, 'The quote could not be saved.');
          setErrors(next);
          setRefusals((n) => n + 1);
          toast({
            title: 'Quote not saved',
            description: errorMessage(err, 'The quote could not be saved.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const invalid = (field: string) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(`quote-${field}`) }
      : {};

  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-6"
      onSubmit={(ev) => {
        ev.preventDefault();
        submit();
      }}
    >
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">The customer's lines</legend>
        {state.lines.length === 0 && (
          <p className={small}>This estimate lists no priced lines. Add your work as extras below.</p>
        )}
        <ul className="space-y-3">
          {state.lines.map((l) => {
            const field = `lines.${l.subtaskId}`;
            const id = `quote-${field}`;
            const above = l.included ? percentAbove(parseDollars(l.amount), l.estimateAmount) : null;
            return (
              <li key={l.subtaskId} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{l.name}</span>
                  <span className={small}>Estimate: {money(l.estimateAmount)}</span>
                </div>
                <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-blue-700"
                    checked={l.included}
                    onChange={(ev) => patchLine(l.subtaskId, { included: ev.target.checked })}
                  />
                  Quote {l.name}
                </label>
                {l.included ? (
                  <div className="mt-1 space-y-1">
                    <Label htmlFor={id}>Your price for {l.name} ($)</Label>
                    <Input
                      id={id}
                      inputMode="decimal"
                      autoComplete="off"
                      className="sm:max-w-48"
                      value={l.amount}
                      onChange={(ev) => patchLine(l.subtaskId, { amount: ev.target.value })}
                      {...invalid(field)}
                    />
                    {above !== null && (
                      <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
                        {above} % above the estimate
                      </p>
                    )}
                    <FieldError id={id} message={errors[field]} />
                  </div>
                ) : (
                  <p className={small}>{QUOTE_MESSAGES.notQuoted}</p>
                )}
              </li>
            );
          })}
        </ul>
        <FieldError id="quote-lines" message={errors.lines} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Extras</legend>
        <p className={small}>Work the estimate does not list (up to {QUOTE_LIMITS.maxExtras}).</p>
        <ul className="space-y-3">
          {state.extras.map((x, i) => {
            const labelId = `quote-extras.${x.key}.label`;
            const amountId = `quote-extras.${x.key}.amount`;
            return (
              <li
                key={x.key}
                className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start dark:border-slate-700"
              >
                <div className="space-y-1">
                  <Label htmlFor={labelId}>Extra {i + 1}: what</Label>
                  <Input
                    id={labelId}
                    maxLength={QUOTE_LIMITS.labelMax}
                    value={x.label}
                    onChange={(ev) => patchExtra(x.key, { label: ev.target.value })}
                    {...invalid(`extras.${x.key}.label`)}
                  />
                  <FieldError id={labelId} message={errors[`extras.${x.key}.label`]} />
                </div>
                <div className="space-y-1">
                  <Label htmlFor={amountId}>Extra {i + 1}: price ($)</Label>
                  <Input
                    id={amountId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={x.amount}
                    onChange={(ev) => patchExtra(x.key, { amount: ev.target.value })}
                    {...invalid(`extras.${x.key}.amount`)}
                  />
                  <FieldError id={amountId} message={errors[`extras.${x.key}.amount`]} />
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="sm:mt-6"
                  onClick={() => patch({ extras: state.extras.filter((e) => e.key !== x.key) })}
                >
                  Remove extra {i + 1}
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={state.extras.length >= QUOTE_LIMITS.maxExtras}
          onClick={() => {
            const key = nextKey.current++;
            patch({ extras: [...state.extras, { key, label: '', amount: '' }] });
          }}
        >
          Add an extra
        </Button>
        <FieldError id="quote-extras" message={errors.extras} />
      </fieldset>

      <Field id="quote-exclusions" label="What the price leaves out (optional)" error={errors.exclusions}>
        <Textarea
          id="quote-exclusions"
          maxLength={QUOTE_LIMITS.exclusionsMax}
          value={state.exclusions}
          onChange={(ev) => patch({ exclusions: ev.target.value })}
          {...invalid('exclusions')}
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="quote-validUntil" label="Price holds until" error={errors.validUntil}>
          <Input
            id="quote-validUntil"
            type="date"
            min={today}
            max={ymdPlus(QUOTE_LIMITS.validDaysAhead)}
            value={state.validUntil}
            onChange={(ev) => patch({ validUntil: ev.target.value })}
            {...invalid('validUntil')}
          />
        </Field>
        <Field id="quote-startFrom" label="Can start from (optional)" error={errors.startFrom}>
          <Input
            id="quote-startFrom"
            type="date"
            min={today}
            value={state.startFrom}
            onChange={(ev) => patch({ startFrom: ev.target.value })}
            {...invalid('startFrom')}
          />
        </Field>
        <Field id="quote-startTo" label="Can start by (optional)" error={errors.startTo}>
          <Input
            id="quote-startTo"
            type="date"
            min={state.startFrom || today}
            value={state.startTo}
            onChange={(ev) => patch({ startTo: ev.target.value })}
            {...invalid('startTo')}
          />
        </Field>
      </div>

      <Field id="quote-note" label="Note to the customer (optional)" error={errors.note}>
        <Textarea
          id="quote-note"
          maxLength={QUOTE_LIMITS.noteMax}
          value={state.note}
          onChange={(ev) => patch({ note: ev.target.value })}
          {...invalid('note')}
        />
      </Field>

      <div aria-live="polite" aria-atomic="true" className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
        <p className="font-semibold">Your total: {money(total)}</p>
        <p className={small}>{rangeSentence(total, estimate.minBudget, estimate.maxBudget)}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Customer's range: {formatWholeDollars(estimate.minBudget)} –{' '}
          {formatWholeDollars(estimate.maxBudget)}. The total is worked out again when the quote is saved.
        </p>
      </div>

      {errors.form && <Alert variant="destructive">{errors.form}</Alert>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : quote ? 'Update quote' : 'Save quote'}
        </Button>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}
