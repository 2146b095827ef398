// Reporting a published review to the moderators: one of the reasons, an optional note. A moderator may hide its
// text (the rating still counts) or, when it is fake or a conflict of interest, remove it from the reputation.
import { useId, useState, type FormEvent } from 'react';
import { reviewReportReasons, type ReviewReportReason } from '#domain/reviews';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useReportReview } from '../api/job-reviews.ts';

const NOTE_MAX = 1000;

/** The reasons as a reader chooses them. */
export const reportReasonLabels: Readonly<Record<ReviewReportReason, string>> = {
  personal_data: 'It shares personal data',
  harassment: 'Harassment',
  illegal: 'Illegal content',
  off_topic: 'It is not about the job',
  fake: 'It is fake',
  conflict_of_interest: 'Conflict of interest (e.g. written by a relative or a competitor)',
};

export function ReportReviewDialog({ reviewId, authorName }: { reviewId: string; authorName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReviewReportReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const [failed, setFailed] = useState<string | null>(null);
  const report = useReportReview();

  const reset = () => {
    setReason(null);
    setNote('');
    setErrors({});
    setFailed(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(null);
    const next: typeof errors = {};
    if (!reason) next.reason = 'Choose a reason';
    if (note.trim().length > NOTE_MAX) next.note = `At most ${NOTE_MAX} characters`;
    setErrors(next);
    if (next.reason) {
      document.querySelector<HTMLInputElement>(`input[name="${id}-reason"]`)?.focus();
      return;
    }
    if (next.note || !reason) return;
    try {
      const answer = await report.mutateAsync({ reviewId, body: { reason, note: note.trim() } });
      toast({
        title: answer?.message || 'Thank you: a moderator will look at this review',
        variant: 'success',
      });
      setOpen(false);
      reset();
    } catch (err) {
      setFailed(errorMessage(err, 'The report could not be sent. Please try again.'));
    }
  };

  const noteId = `${id}-note`;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) reset();
      }}
    >
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Report the review by ${authorName}`}
      >
        Report
      </Button>
      <DialogContent
        title="Report this review"
        description="A moderator reads every report. A review's text can be hidden when it breaks the rules; only a fake review or a conflict of interest is removed from the rating."
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          {failed && (
            <Alert variant="destructive" title="That did not work">
              {failed}
            </Alert>
          )}
          <fieldset aria-describedby={errors.reason ? fieldErrorId(`${id}-reason`) : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Reason</legend>
            <div className="space-y-2">
              {reviewReportReasons.map((r) => (
                <label
                  key={r}
                  className="flex cursor-pointer items-start gap-2 text-sm text-slate-800 dark:text-slate-200"
                >
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    className="mt-0.5 h-4 w-4 accent-blue-700"
                  />
                  {reportReasonLabels[r]}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-reason`} message={errors.reason} />
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor={noteId}>Note for the moderator (optional)</Label>
            <Textarea
              id={noteId}
              value={note}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? fieldErrorId(noteId) : undefined}
            />
            <FieldError id={noteId} message={errors.note} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
