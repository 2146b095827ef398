// What the viewer may do to the job now: only the actions the server lists in allowedActions, each a button or
// a small form. Reasons (sending the work back, cancelling) are asked in a dialog and checked as the server
// checks them; cancelling warns when it would count as late.
import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '#domain/format';
import { formatJobDate, isLateCancellation, partyName, todayIn } from '#domain/job-words';
import { changeOrderBodySchema, JOB_LIMITS, reasonBodySchema } from '#domain/schemas/job.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useJobMove, type Job, type JobMoveInput } from '../api/jobs.ts';
import { signedMoney } from './JobParts.tsx';

/** Runs one move, toasts the outcome, and keeps the server's reason on failure. */
function useRun(job: Job) {
  const move = useJobMove(job.id);
  const [error, setError] = useState<string | null>(null);
  const run = async (input: JobMoveInput, done: string): Promise<boolean> => {
    setError(null);
    try {
      const res = await move.mutateAsync(input);
      toast({ title: res.message ?? done, variant: 'success' });
      return true;
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
      return false;
    }
  };
  return { run, pending: move.isPending, error, clearError: () => setError(null) };
}

const groupClass = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700';
const groupTitle = 'font-semibold text-slate-900 dark:text-white';

export function JobActions({ job }: { job: Job }) {
  const { run, pending, error } = useRun(job);
  const can = (a: string) => job.allowedActions.includes(a);
  const otherProposed = Boolean(job.proposedDate && job.proposedBy && job.proposedBy !== job.viewerRole);
  const showConfirmDate = can('confirmDate') && otherProposed;
  const any =
    can('proposeDate') ||
    showConfirmDate ||
    can('start') ||
    can('complete') ||
    can('confirm') ||
    can('reopen') ||
    can('proposeChange') ||
    can('cancel');
  if (!any) return null;

  return (
    <div className="space-y-4">
      {error && (
        <Alert variant="destructive" title="That did not work">
          {error}
        </Alert>
      )}
      {(showConfirmDate || can('start') || can('confirm')) && (
        <div className="flex flex-wrap gap-3">
          {showConfirmDate && job.proposedDate && (
            <Button
              disabled={pending}
              onClick={() => void run({ kind: 'json', path: 'schedule/confirm' }, 'Start date confirmed')}
            >
              Confirm the start date ({formatJobDate(job.proposedDate)})
            </Button>
          )}
          {can('start') && (
            <Button
              disabled={pending}
              onClick={() => void run({ kind: 'json', path: 'start' }, 'Work started')}
            >
              Start the work
            </Button>
          )}
          {can('confirm') && (
            <Button
              disabled={pending}
              onClick={() => void run({ kind: 'json', path: 'confirm' }, 'Job completed')}
            >
              Confirm the work is done
            </Button>
          )}
        </div>
      )}
      {can('proposeDate') && <ProposeDate job={job} run={run} pending={pending} />}
      {can('complete') && <MarkDone run={run} pending={pending} />}
      {can('proposeChange') && <ProposeChange job={job} run={run} pending={pending} />}
      {(can('reopen') || can('cancel')) && (
        <div className="flex flex-wrap gap-3">
          {can('reopen') && (
            <ReasonDialog
              trigger="Send the work back"
              title="Send the work back?"
              description={`Say what is left to do: ${partyName(job.provider)} reads it, and the job goes back to In progress.`}
              confirm="Send back"
              dismiss="Keep it as is"
              onSubmit={(reason) => run({ kind: 'json', path: 'reopen', body: { reason } }, 'Sent back')}
            />
          )}
          {can('cancel') && <CancelJob job={job} run={run} />}
        </div>
      )}
    </div>
  );
}

type Run = ReturnType<typeof useRun>['run'];

function ProposeDate({ job, run, pending }: { job: Job; run: Run; pending: boolean }) {
  const id = useId();
  const today = todayIn(job.timeZone, new Date());
  const [date, setDate] = useState('');
  const [error, setError] = useState<string>();
  const mine = job.proposedDate && job.proposedBy === job.viewerRole;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!date) return setError('Choose a start date');
    if (date < today) return setError('Choose today or a later date');
    setError(undefined);
    if (await run({ kind: 'json', path: 'schedule', body: { date } }, 'Start date proposed')) setDate('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} className={groupClass} noValidate>
      <p className={groupTitle}>
        {job.status === 'scheduled' || mine || job.proposedDate
          ? 'Propose another start date'
          : 'Propose a start date'}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-date`}>Start date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            min={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldErrorId(`${id}-date`) : undefined}
            className="w-auto"
          />
        </div>
        <Button type="submit" variant="outline" disabled={pending}>
          Propose this date
        </Button>
      </div>
      <FieldError id={`${id}-date`} message={error} />
    </form>
  );
}

function MarkDone({ run, pending }: { run: Run; pending: boolean }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);

  const choose = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length > JOB_LIMITS.maxPhotos) {
      setPhotos([]);
      return setError(`Choose at most ${JOB_LIMITS.maxPhotos} photos`);
    }
    if (list.some((f) => !f.type.startsWith('image/'))) {
      setPhotos([]);
      return setError('Choose photos only (JPEG, PNG or WebP images)');
    }
    setError(undefined);
    setPhotos(list);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (error) return;
    if (await run({ kind: 'complete', note: note.trim(), photos }, 'Marked as done')) {
      setNote('');
      setPhotos([]);
      setInputKey((k) => k + 1);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className={groupClass} noValidate>
      <p className={groupTitle}>Mark the work done</p>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-note`}>Note for the customer (optional)</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={JOB_LIMITS.noteMax}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-photos`}>Photos of the finished work (up to {JOB_LIMITS.maxPhotos})</Label>
        <input
          key={inputKey}
          id={`${id}-photos`}
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => choose(e.target.files)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(`${id}-photos`) : `${id}-photos-count`}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        <p id={`${id}-photos-count`} className="text-xs text-slate-600 dark:text-slate-400">
          {photos.length === 0
            ? 'No photos chosen'
            : `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'} chosen`}
        </p>
        <FieldError id={`${id}-photos`} message={error} />
      </div>
      <Button type="submit" disabled={pending || Boolean(error)}>
        Mark as done
      </Button>
    </form>
  );
}

function ProposeChange({ job, run, pending }: { job: Job; run: Run; pending: boolean }) {
  const id = useId();
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = amount.trim() === '' ? Number.NaN : Number(amount);
    const parsed = changeOrderBodySchema.safeParse({ label, amount: value, reason });
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'label');
        next[key] ??= key === 'amount' && Number.isNaN(value) ? 'Enter an amount in dollars' : issue.message;
      }
    } else if (job.total + parsed.data.amount < 0) {
      next.amount = `A saving cannot take the total below $0 (the total is ${formatMoney(job.total)})`;
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    if (await run({ kind: 'json', path: 'change-orders', body: parsed.data }, 'Change order sent')) {
      setLabel('');
      setAmount('');
      setReason('');
    }
  };

  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? fieldErrorId(`${id}-${name}`) : undefined,
  });

  return (
    <form onSubmit={(e) => void submit(e)} className={groupClass} noValidate>
      <p className={groupTitle}>Propose a change order</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Extra work or a saving: the customer approves or declines it, and an approved one changes the total.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-label`}>What changes</Label>
          <Input
            {...field('label')}
            value={label}
            maxLength={JOB_LIMITS.labelMax}
            onChange={(e) => setLabel(e.target.value)}
          />
          <FieldError id={`${id}-label`} message={errors.label} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-amount`}>Amount in dollars (negative for a saving)</Label>
          <Input
            {...field('amount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <FieldError id={`${id}-amount`} message={errors.amount} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-reason`}>Why (optional)</Label>
        <Textarea {...field('reason')} value={reason} rows={2} onChange={(e) => setReason(e.target.value)} />
        <FieldError id={`${id}-reason`} message={errors.reason} />
      </div>
      <Button type="submit" variant="outline" disabled={pending}>
        Propose change order
      </Button>
    </form>
  );
}

function CancelJob({ job, run }: { job: Job; run: Run }) {
  const late = isLateCancellation(job, new Date());
  return (
    <ReasonDialog
      trigger="Cancel the job"
      destructive
      title="Cancel this job?"
      description={`Say why: ${job.viewerRole === 'provider' ? job.customer.name : partyName(job.provider)} reads it. A cancelled job cannot be reopened.`}
      warning={
        late && job.scheduledDate
          ? `This is a late cancellation: the start date (${formatJobDate(job.scheduledDate)}) is less than 48 hours away or has passed. It is recorded against you.`
          : undefined
      }
      confirm="Cancel the job"
      dismiss="Keep the job"
      onSubmit={(reason) => run({ kind: 'json', path: 'cancel', body: { reason } }, 'Job cancelled')}
    />
  );
}

function ReasonDialog({
  trigger,
  title,
  description,
  warning,
  confirm,
  dismiss,
  destructive = false,
  onSubmit,
}: {
  trigger: string;
  title: string;
  description: string;
  warning?: string;
  confirm: string;
  dismiss: string;
  destructive?: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = reasonBodySchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    const ok = await onSubmit(parsed.data.reason);
    setBusy(false);
    if (ok) {
      setOpen(false);
      setReason('');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setError(undefined);
      }}
    >
      <Button variant={destructive ? 'destructive' : 'outline'} onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <DialogContent title={title} description={description}>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          {warning && (
            <Alert variant="warning" role="alert" title="Late cancellation">
              {warning}
            </Alert>
          )}
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              rows={4}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldErrorId(`${id}-reason`) : `${id}-reason-count`}
            />
            <p id={`${id}-reason-count`} className="text-xs text-slate-600 dark:text-slate-400">
              {reason.trim().length} of {JOB_LIMITS.reasonMin}–{JOB_LIMITS.reasonMax} characters
            </p>
            <FieldError id={`${id}-reason`} message={error} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {dismiss}
              </Button>
            </DialogClose>
            <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={busy}>
              {busy ? 'Sending...' : confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The change orders with their state; the customer approves or declines a pending one while the table allows. */
export function ChangeOrders({ job }: { job: Job }) {
  const { run, pending, error } = useRun(job);
  if (job.changeOrders.length === 0) return null;
  const canDecide = job.allowedActions.includes('decideChange');
  const stateWords = {
    pending: 'Waiting for a decision',
    approved: 'Approved',
    declined: 'Declined',
  } as const;
  const path = (coId: string, what: 'approve' | 'decline') =>
    `change-orders/${encodeURIComponent(coId)}/${what}`;
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900 dark:text-white">Change orders</h3>
      {error && (
        <Alert variant="destructive" title="That did not work">
          {error}
        </Alert>
      )}
      <ul aria-label="Change orders" className="space-y-2">
        {job.changeOrders.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="min-w-0 break-words font-medium text-slate-900 dark:text-slate-100">{c.label}</p>
              <p className="font-semibold text-slate-900 dark:text-slate-100">{signedMoney(c.amount)}</p>
            </div>
            {c.reason && <p className="break-words text-sm text-slate-700 dark:text-slate-300">{c.reason}</p>}
            <p className="text-sm text-slate-600 dark:text-slate-400">{stateWords[c.status]}</p>
            {canDecide && c.status === 'pending' && (
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={pending}
                  aria-label={`Approve ${c.label}`}
                  onClick={() =>
                    void run({ kind: 'json', path: path(c.id, 'approve') }, 'Change order approved')
                  }
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={`Decline ${c.label}`}
                  onClick={() =>
                    void run({ kind: 'json', path: path(c.id, 'decline') }, 'Change order declined')
                  }
                >
                  Decline
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
