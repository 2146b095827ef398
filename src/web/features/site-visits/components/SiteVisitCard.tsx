// One site visit as its parties see it (decision 0049): its state, the time (or the proposed times) in the job's
// time zone with the zone's name, and the moves open to the caller: the customer books one of the proposed times or
// declines them all; either cancels an open visit with a reason; after the visit either records that the other did
// not come, and the party named may dispute it. Only what the server would accept is offered (src/domain's rules).
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { SiteVisit } from '#domain/schemas/site-visit.schema';
import {
  canAnswer,
  canCancel,
  canDispute,
  canRecordNoShow,
  formatVisitSlot,
  SITE_VISIT_NOTE_MAX,
  type SiteVisitFacts,
} from '#domain/site-visits';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { useSiteVisitMove, type SiteVisitMove } from '../api/site-visits.ts';

const STATUS_LABEL: Record<SiteVisit['status'], string> = {
  proposed: 'Times proposed',
  confirmed: 'Booked',
  declined: 'Declined',
  cancelled: 'Cancelled',
  done: 'Done',
};

const STATUS_CLASS: Record<SiteVisit['status'], string> = {
  proposed: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  confirmed: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  declined: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  cancelled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  done: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
};

export function SiteVisitStatusBadge({ status }: { status: SiteVisit['status'] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}

const factsOf = (v: SiteVisit): SiteVisitFacts => ({
  status: v.status,
  endsAt: v.endsAt,
  noShow: v.noShow ? { party: v.noShow.party, disputed: v.noShow.disputed } : null,
});

/** The visit's time line: the chosen slot, or the first proposed one with how many others. */
export function visitWhen(v: SiteVisit): string {
  if (v.chosenSlot !== null && v.slots[v.chosenSlot])
    return formatVisitSlot(v.slots[v.chosenSlot]!, v.timeZone);
  const first = v.slots[0];
  if (!first) return '';
  const more = v.slots.length - 1;
  return `${formatVisitSlot(first, v.timeZone)}${more > 0 ? ` or ${more} other time${more > 1 ? 's' : ''}` : ''}`;
}

interface NoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  submit: string;
  required: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (note: string) => void;
  destructive?: boolean;
}

function NoteDialog(p: NoteDialogProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (p.required && !note.trim()) {
      setMissing(true);
      return;
    }
    p.onSubmit(note.trim());
  };
  const fieldError = missing ? 'Write a few words' : (p.error ?? undefined);
  return (
    <Dialog open={p.open} onOpenChange={p.onOpenChange}>
      <DialogContent title={p.title}>
        <form onSubmit={submit} noValidate>
          <Label htmlFor={`${id}-note`}>{p.label}</Label>
          <Textarea
            id={`${id}-note`}
            className="mt-1"
            value={note}
            maxLength={SITE_VISIT_NOTE_MAX}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? fieldErrorId(`${id}-note`) : undefined}
            onChange={(e) => {
              setNote(e.target.value);
              setMissing(false);
            }}
          />
          <FieldError id={`${id}-note`} message={fieldError} />
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => p.onOpenChange(false)}>
              Keep it
            </Button>
            <Button type="submit" variant={p.destructive ? 'destructive' : 'primary'} disabled={p.pending}>
              {p.pending ? 'Saving…' : p.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type DialogKind = 'decline' | 'cancel' | 'dispute' | 'no-show' | null;

export function SiteVisitCard({ visit, showJob = false }: { visit: SiteVisit; showJob?: boolean }) {
  const id = useId();
  const move = useSiteVisitMove(visit.id);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [slot, setSlot] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const facts = factsOf(visit);
  const other = visit.side === 'customer' ? visit.provider.name : visit.customer.name;
  const now = new Date();

  const run = (m: SiteVisitMove, done: string) => {
    setError(null);
    move.mutate(m, {
      onSuccess: () => {
        setDialog(null);
        toast({ title: done });
      },
      onError: (err) => setError(parseApiError(err).message ?? 'Something went wrong. Please try again.'),
    });
  };

  const answering = canAnswer(facts, visit.side);
  const headingId = `${id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          {showJob ? (
            <Link
              href={`/estimates/${visit.estimateId}`}
              className="text-blue-700 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
            >
              Site visit: {visit.estimateTitle}
            </Link>
          ) : (
            `Site visit with ${other}`
          )}
        </h3>
        <SiteVisitStatusBadge status={visit.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {showJob ? `With ${other} · ` : ''}
        {visit.city}
      </p>

      {visit.status === 'proposed' && answering ? (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">
            {other} proposed {visit.slots.length === 1 ? 'this time' : 'these times'} (the job’s local time):
          </legend>
          <div className="mt-2 space-y-2">
            {visit.slots.map((s, i) => {
              // A time that has started can no longer be booked (the server refuses it too).
              const passed = Date.parse(s.start) <= now.getTime();
              return (
                <label
                  key={s.start}
                  className={`flex items-center gap-2 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700 ${
                    passed
                      ? 'cursor-not-allowed text-slate-600 dark:text-slate-400'
                      : 'cursor-pointer text-slate-900 dark:text-slate-100'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-slot`}
                    value={i}
                    checked={slot === i && !passed}
                    disabled={passed}
                    onChange={() => setSlot(i)}
                    className="h-4 w-4 accent-blue-700"
                  />
                  {formatVisitSlot(s, visit.timeZone)}
                  {passed && ' (passed)'}
                </label>
              );
            })}
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              disabled={slot === null || move.isPending}
              onClick={() => slot !== null && run({ kind: 'choose', slot }, 'Site visit booked')}
            >
              Book this time
            </Button>
            <Button variant="outline" onClick={() => setDialog('decline')}>
              Decline all
            </Button>
          </div>
        </fieldset>
      ) : visit.status === 'proposed' ? (
        <div className="mt-3 text-sm text-slate-800 dark:text-slate-200">
          <p>Waiting for {other} to choose:</p>
          <ul className="mt-1 list-disc pl-5">
            {visit.slots.map((s) => (
              <li key={s.start}>{formatVisitSlot(s, visit.timeZone)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-900 dark:text-slate-100">
          <span className="font-medium">When:</span> {visitWhen(visit)}
        </p>
      )}

      {visit.status === 'declined' && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Declined{visit.declineNote ? `: “${visit.declineNote}”` : ''}
        </p>
      )}
      {visit.status === 'cancelled' && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Cancelled
          {visit.cancelledBy ? ` by ${visit.cancelledBy === visit.side ? 'you' : other}` : ''}
          {visit.cancelReason ? `: “${visit.cancelReason}”` : ''}
        </p>
      )}
      {visit.noShow && (
        <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
          {visit.noShow.party === visit.side
            ? `${other} recorded that you did not come.`
            : `You recorded that ${other} did not come.`}
          {visit.noShow.disputed && ` Disputed: “${visit.noShow.disputeNote ?? ''}”`}
        </p>
      )}

      {error && !dialog && (
        <Alert variant="destructive" className="mt-3">
          {error}
        </Alert>
      )}

      <div className="mt-3 flex flex-wrap gap-2">
        {canCancel(facts) && (
          <Button variant="outline" size="sm" onClick={() => setDialog('cancel')}>
            Cancel visit
          </Button>
        )}
        {canRecordNoShow(facts, now) && (
          <Button variant="outline" size="sm" onClick={() => setDialog('no-show')}>
            {other} did not come
          </Button>
        )}
        {canDispute(facts, visit.side) && (
          <Button variant="outline" size="sm" onClick={() => setDialog('dispute')}>
            Dispute the no-show
          </Button>
        )}
      </div>

      <NoteDialog
        key={`decline-${dialog === 'decline'}`}
        open={dialog === 'decline'}
        onOpenChange={(o) => setDialog(o ? 'decline' : null)}
        title="Decline the proposed times"
        label="A note for the provider (optional)"
        submit="Decline all"
        required={false}
        pending={move.isPending}
        error={error}
        onSubmit={(note) => run({ kind: 'decline', note }, 'Visit times declined')}
      />
      <NoteDialog
        key={`cancel-${dialog === 'cancel'}`}
        open={dialog === 'cancel'}
        onOpenChange={(o) => setDialog(o ? 'cancel' : null)}
        title="Cancel the site visit"
        label="Why do you cancel?"
        submit="Cancel visit"
        required
        destructive
        pending={move.isPending}
        error={error}
        onSubmit={(reason) => run({ kind: 'cancel', reason }, 'Site visit cancelled')}
      />
      <NoteDialog
        key={`dispute-${dialog === 'dispute'}`}
        open={dialog === 'dispute'}
        onOpenChange={(o) => setDialog(o ? 'dispute' : null)}
        title="Dispute the no-show"
        label="What happened?"
        submit="Dispute"
        required
        pending={move.isPending}
        error={error}
        onSubmit={(note) => run({ kind: 'dispute', note }, 'No-show disputed')}
      />
      <Dialog open={dialog === 'no-show'} onOpenChange={(o) => setDialog(o ? 'no-show' : null)}>
        <DialogContent
          title={`Record that ${other} did not come?`}
          description="It can be recorded once. They may dispute it."
        >
          {error && <Alert variant="destructive">{error}</Alert>}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setDialog(null)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              disabled={move.isPending}
              onClick={() => run({ kind: 'no-show' }, 'No-show recorded')}
            >
              Record no-show
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </article>
  );
}
