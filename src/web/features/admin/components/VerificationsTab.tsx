// The Verifications tab (decision 0046): the licenses and insurance certificates providers uploaded, those waiting
// for review by default (oldest first; or the verified, the not accepted, all), 20 a page. Each shows who uploaded
// it, the details they typed, and the document beside them to compare: an image in place (read as a blob and shown
// from a blob: address), a PDF to download (the security policy lets no frame or object show one in the page).
// Approve says what the badge will read; Deny asks for the comment the provider is told. Each is an audit entry.
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { badgeText } from '#domain/profiles';
import { countOf } from '#domain/count-words';
import { formatAdminDate } from '#domain/format';
import { credentialDecisionSchema } from '#domain/schemas/pro-profile.schema';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { credentialDocumentUrl, useDocumentPreview } from '../api/credential-document.ts';
import { useDecideCredential } from '../api/decide-credential.ts';
import {
  useAdminCredentials,
  type AdminCredential,
  type AdminCredentialStatus,
} from '../api/get-credentials.ts';
import { adminTimeZone } from '../api/keys.ts';
import { StatusFilter } from './parts.tsx';

const HEADING_ID = 'verifications-heading';

const statusLabels: Record<AdminCredentialStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Verified',
  denied: 'Not accepted',
  all: 'All',
};
const emptyTexts: Record<AdminCredentialStatus, string> = {
  pending: 'No credentials waiting for review',
  approved: 'No verified credentials',
  denied: 'No credentials that were not accepted',
  all: 'No credentials uploaded yet',
};

const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** "FL license #CGC1234567" or "Insurance policy GL-889". */
const titleOf = (c: AdminCredential) =>
  c.kind === 'license'
    ? `${c.state ?? ''} license #${c.number ?? ''}`.trim()
    : `Insurance policy ${c.policyNumber ?? ''}`;

/** The words the badge will carry once approved today. */
const badgePreview = (c: AdminCredential) =>
  badgeText({
    kind: c.kind,
    state: c.state,
    number: c.number,
    trade: c.trade,
    coverageAmount: c.coverageAmount,
    expiresOn: c.expiresOn,
    verifiedAt: new Date().toISOString(),
  });

export function VerificationsTab() {
  const params = useListParams<{ status: AdminCredentialStatus }>({ status: 'pending' });
  const { status } = params.filters;
  const credentials = useAdminCredentials({ status, page: params.page });
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby={HEADING_ID}>
      <h2
        id={HEADING_ID}
        ref={heading}
        tabIndex={-1}
        className="rounded text-xl font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white"
      >
        Verifications
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Compare each document with the details the provider typed. An approved license or insurance shows as a
        badge on their page and bids until it expires; a denial tells the provider your comment. Each verdict
        is in the audit log.
      </p>
      <StatusFilter
        id="credentials-status"
        search="Filter the credentials"
        label="Show"
        labels={statusLabels}
        value={status}
        onChange={(s: AdminCredentialStatus) => params.setFilter('status', s)}
      />
      <div className="mt-4" aria-busy={credentials.isFetching || undefined}>
        <ListState
          query={credentials}
          loading={<LoadingState text="Loading credentials..." />}
          error="Failed to load the credentials."
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState text={emptyTexts[status]} />}
        >
          {(data) => {
            const { pageCount, from, to } = pageRange(data.page, data.pageSize || 20, data.total);
            return (
              <>
                <ul className="space-y-4" aria-label={`Credentials: ${statusLabels[status].toLowerCase()}`}>
                  {data.items.map((c) => (
                    <CredentialCard key={c.id} credential={c} onDone={() => heading.current?.focus()} />
                  ))}
                </ul>
                <Pager
                  page={data.page}
                  pageCount={pageCount}
                  onPage={params.setPage}
                  label="Credential pages"
                >
                  {`Showing ${from} to ${to} of ${countOf(data.total, 'credential')}`}
                </Pager>
              </>
            );
          }}
        </ListState>
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-slate-800 dark:text-slate-200">{term}:</dt>{' '}
      <dd className="break-words text-slate-700 dark:text-slate-300">{children}</dd>
    </div>
  );
}

function StatusBadge({ credential: c, timeZone }: { credential: AdminCredential; timeZone: string }) {
  const classes = {
    pending: 'bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
    approved: 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
    denied: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  }[c.status];
  const words = c.status === 'approved' && !c.badgeActive ? 'Verified, expired' : statusLabels[c.status];
  return (
    <div className="text-left text-sm sm:text-right">
      <span className={cn('inline-block rounded-full px-3 py-1 font-medium', classes)}>{words}</span>
      {c.reviewedAt && (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Decided {formatAdminDate(c.reviewedAt, timeZone)}
        </p>
      )}
    </div>
  );
}

function CredentialCard({ credential: c, onDone }: { credential: AdminCredential; onDone: () => void }) {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const who = c.provider.companyName ? `${c.provider.name} (${c.provider.companyName})` : c.provider.name;
  const title = `${titleOf(c)} of ${who}`;
  return (
    <li
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900 dark:text-white">{titleOf(c)}</h3>
          <p className="break-words text-sm text-slate-700 dark:text-slate-300">
            {who} ·{' '}
            <a
              className="underline underline-offset-2 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              href={`mailto:${c.provider.email}`}
            >
              {c.provider.email}
            </a>
          </p>
        </div>
        <StatusBadge credential={c} timeZone={timeZone} />
      </div>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <dl className="space-y-1 text-sm">
          <Fact term="Kind">{c.kind === 'license' ? 'License' : 'General liability insurance'}</Fact>
          {c.kind === 'license' ? (
            <>
              <Fact term="State">{c.state}</Fact>
              <Fact term="License number">{c.number}</Fact>
              <Fact term="Trade">{c.trade}</Fact>
            </>
          ) : (
            <>
              <Fact term="Insurer">{c.insurer}</Fact>
              <Fact term="Policy number">{c.policyNumber}</Fact>
              <Fact term="Coverage">{c.coverageAmount === null ? '—' : dollars(c.coverageAmount)}</Fact>
            </>
          )}
          <Fact term="Expires on">{c.expiresOn}</Fact>
          <Fact term="Uploaded">{formatAdminDate(c.createdAt, timeZone)}</Fact>
          {c.reviewComment && <Fact term="Comment">{c.reviewComment}</Fact>}
        </dl>
        <DocumentView credential={c} who={who} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {c.status !== 'approved' && <ApproveDialog credential={c} title={title} onDone={onDone} />}
        {c.status !== 'denied' && <DenyDialog credential={c} title={title} onDone={onDone} />}
      </div>
    </li>
  );
}

function DocumentView({ credential: c, who }: { credential: AdminCredential; who: string }) {
  const image = c.documentType.startsWith('image/');
  const preview = useDocumentPreview(c.id, c.documentType, image && !c.documentDeleted);
  if (c.documentDeleted) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The document was deleted (90 days after the denial or the expiry).
      </p>
    );
  }
  const download = (
    <a href={credentialDocumentUrl(c.id)} download className={buttonClasses('outline', 'sm')}>
      {image ? 'Download the image' : 'Download the PDF'}
      <span className="sr-only">
        {' '}
        of the {titleOf(c)} of {who}
      </span>
    </a>
  );
  if (!image) {
    return (
      <div className="text-sm">
        <p className="mb-2 text-slate-700 dark:text-slate-300">A PDF: download it to compare.</p>
        {download}
      </div>
    );
  }
  return (
    <div className="text-sm">
      {preview.state === 'loading' && (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          Loading the document…
        </p>
      )}
      {preview.state === 'error' && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          The document could not be shown. Download it instead.
        </p>
      )}
      {preview.state === 'ready' && (
        <img
          src={preview.url}
          alt={`The document ${who} uploaded for the ${titleOf(c)}`}
          className="max-h-96 w-full rounded-md border border-slate-200 object-contain dark:border-slate-700"
        />
      )}
      <div className="mt-2">{download}</div>
    </div>
  );
}

function ApproveDialog({
  credential: c,
  title,
  onDone,
}: {
  credential: AdminCredential;
  title: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const decide = useDecideCredential({
    onSuccess: () => {
      done.current = true;
      setOpen(false);
      toast({
        title: 'Credential verified',
        description: 'The provider is told, and the badge shows on their page.',
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({
        title: 'Not verified',
        description: errorMessage(err, 'The credential could not be verified. Try again.'),
        variant: 'destructive',
      }),
  });
  const expired = c.expiresOn < new Date().toISOString().slice(0, 10);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={`Approve the ${title}`}>
          Approve
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Approve the ${title}?`}
        description={
          expired
            ? 'It has already expired, so no badge will show.'
            : `Its badge will read: “${badgePreview(c)}”.`
        }
        onCloseAutoFocus={(e) => {
          if (!done.current) return;
          done.current = false;
          e.preventDefault();
          onDone();
        }}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: c.id, decision: { status: 'approved', comment: '' } })}
          >
            {decide.isPending ? 'Saving…' : 'Approve'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const denySchema = credentialDecisionSchema.options[1].shape.comment;

function DenyDialog({
  credential: c,
  title,
  onDone,
}: {
  credential: AdminCredential;
  title: string;
  onDone: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const done = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const decide = useDecideCredential({
    onSuccess: () => {
      done.current = true;
      setOpen(false);
      toast({
        title: 'Credential not accepted',
        description: 'The provider is told, with your comment.',
        variant: 'success',
      });
    },
    onError: (err) => {
      const message = parseApiError(err).fields.comment;
      if (message) {
        setError(message);
        field.current?.focus();
      } else {
        toast({
          title: 'Not saved',
          description: errorMessage(err, 'The verdict could not be saved. Try again.'),
          variant: 'destructive',
        });
      }
    },
  });
  const send = () => {
    const parsed = denySchema.safeParse(comment);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    decide.mutate({ id: c.id, decision: { status: 'denied', comment: parsed.data } });
  };
  const length = comment.trim().length;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setComment('');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive" aria-label={`Deny the ${title}`}>
          Deny
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Deny the ${title}?`}
        description={
          c.status === 'approved'
            ? 'Its badge stops showing. The provider is told, with your comment.'
            : 'The provider is told, with your comment, and may upload it again.'
        }
        onCloseAutoFocus={(e) => {
          if (!done.current) return;
          done.current = false;
          e.preventDefault();
          onDone();
        }}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-comment`}>Why it is not accepted</Label>
            <textarea
              ref={field}
              className={cn(fieldClasses, 'min-h-24')}
              id={`${id}-comment`}
              value={comment}
              maxLength={500}
              onChange={(e) => {
                setComment(e.target.value);
                setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldErrorId(`${id}-comment`) : `${id}-count`}
            />
            {!error && (
              <p id={`${id}-count`} className="text-xs text-slate-600 dark:text-slate-400">
                5 to 500 characters; {length} so far. The provider reads it.
              </p>
            )}
            <FieldError id={`${id}-comment`} message={error} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={decide.isPending}>
              {decide.isPending ? 'Saving…' : 'Deny'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
