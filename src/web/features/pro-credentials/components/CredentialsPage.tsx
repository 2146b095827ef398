// /provider/credentials, "Licenses and insurance" (decision 0046): the provider's credentials with where each
// stands (waiting for review, verified with the badge's words, not accepted with the admin's comment, expired),
// the private document, an edit of the number or expiry (which sends it back to review) and a delete, each asked
// first; then the upload form. Loading, empty and error states.
import { useId, useRef, useState, type ReactNode } from 'react';
import { credentialPatchSchema } from '#domain/schemas/pro-profile.schema';
import { ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { InputField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import {
  useCredentials,
  useDeleteCredential,
  usePatchCredential,
  type Credential,
} from '../api/credentials.ts';
import { credentialDocumentUrl } from '../api/keys.ts';
import {
  credentialBadgeText,
  credentialState,
  credentialStatusText,
  credentialTitle,
  dayAfter,
  documentKind,
  dollars,
  fileSize,
  localToday,
  type CredentialState,
} from '../words.ts';
import { CredentialForm } from './CredentialForm.tsx';
import { ConfirmDelete, linkClasses, Panel, Screen } from './Screen.tsx';

const LIST_HEADING = 'credentials-heading';

export function CredentialsPage() {
  const credentials = useCredentials();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusList = () => heading.current?.focus();
  return (
    <Screen
      title="Licenses and insurance"
      intro="Customers pick pros they can trust. A verified license or insurance shows as a badge on your public page and on your bids, with what was checked and until when."
    >
      <Panel id={LIST_HEADING} title="Your licenses and insurance" headingRef={heading}>
        <div aria-busy={credentials.isFetching || undefined}>
          {credentials.isPending ? (
            <LoadingState text="Loading your licenses and insurance..." />
          ) : credentials.isError ? (
            <ErrorState
              text="Your licenses and insurance could not be loaded."
              onRetry={() => void credentials.refetch()}
            />
          ) : credentials.data.items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
              <p className="font-medium text-slate-900 dark:text-white">No licenses or insurance yet</p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                Upload your license or your insurance certificate below. Once an admin verifies it, a badge on
                your page and on every bid tells customers what was checked and until when.
              </p>
            </div>
          ) : (
            <ul className="space-y-4" aria-label="Licenses and insurance">
              {credentials.data.items.map((c) => (
                <CredentialCard key={c.id} credential={c} onDeleted={focusList} />
              ))}
            </ul>
          )}
        </div>
      </Panel>
      <Panel id="credential-upload-heading" title="Add a license or insurance">
        <CredentialForm onUploaded={focusList} />
      </Panel>
    </Screen>
  );
}

const stateClasses: Record<CredentialState, string> = {
  pending: 'bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  verified: 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  denied: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  expired: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-slate-800 dark:text-slate-200">{term}:</dt>{' '}
      <dd className="break-words text-slate-700 dark:text-slate-300">{children}</dd>
    </div>
  );
}

function CredentialCard({ credential: c, onDeleted }: { credential: Credential; onDeleted: () => void }) {
  const today = localToday();
  const state = credentialState(c, today);
  const badge = credentialBadgeText(c);
  const title = credentialTitle(c);
  return (
    <li aria-label={title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-slate-900 dark:text-white">{title}</h3>
        <span className={cn('inline-block rounded-full px-3 py-1 text-sm font-medium', stateClasses[state])}>
          {state === 'verified'
            ? 'Verified'
            : state === 'denied'
              ? 'Not accepted'
              : state === 'expired'
                ? 'Expired'
                : 'Waiting for review'}
        </span>
      </div>
      <p className="mt-2 break-words text-sm text-slate-800 dark:text-slate-200">
        {credentialStatusText(c, today)}
      </p>
      {badge && (
        <p className="mt-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          <span className="font-medium">Your badge reads:</span> {badge}
        </p>
      )}
      <dl className="mt-3 space-y-1 text-sm">
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
        <Fact term="Uploaded">{c.createdAt.slice(0, 10)}</Fact>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {c.documentDeleted ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">The document was deleted.</p>
        ) : (
          <a href={credentialDocumentUrl(c.id)} download className={cn(linkClasses, 'mr-2 text-sm')}>
            Download the document
            <span className="sr-only"> of the {title}</span> ({documentKind(c.documentType)},{' '}
            {fileSize(c.documentBytes)})
          </a>
        )}
        {state !== 'expired' && <EditDialog credential={c} title={title} />}
        <DeleteDialog credential={c} title={title} onDeleted={onDeleted} />
      </div>
    </li>
  );
}

type EditName = 'number' | 'policyNumber' | 'coverageAmount' | 'expiresOn';

function EditDialog({ credential: c, title }: { credential: Credential; title: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const initial = {
    number: c.number ?? '',
    policyNumber: c.policyNumber ?? '',
    coverageAmount: c.coverageAmount === null ? '' : String(c.coverageAmount),
    expiresOn: c.expiresOn,
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<EditName, string>>>({});
  const patch = usePatchCredential({
    onSuccess: (saved) => {
      setOpen(false);
      toast({
        title: 'Changes saved',
        description: saved.status === 'pending' ? 'It is waiting for review again.' : undefined,
        variant: 'success',
      });
    },
    onError: (err) => {
      const parsed = parseApiError(err);
      const found: Partial<Record<EditName, string>> = {};
      for (const k of ['number', 'policyNumber', 'coverageAmount', 'expiresOn'] as const) {
        if (parsed.fields[k]) found[k] = parsed.fields[k];
      }
      setErrors(found);
      if (Object.keys(found).length === 0) {
        toast({
          title: 'Not saved',
          description: errorMessage(err, 'The changes could not be saved. Try again.'),
          variant: 'destructive',
        });
      }
    },
  });
  const fields: readonly EditName[] =
    c.kind === 'license' ? ['number', 'expiresOn'] : ['policyNumber', 'coverageAmount', 'expiresOn'];
  const labels: Record<EditName, string> = {
    number: 'License number',
    policyNumber: 'Policy number',
    coverageAmount: 'General liability coverage (dollars)',
    expiresOn: 'Expires on',
  };
  const save = () => {
    // Only what changed goes; credentialPatchSchema checks it with the server's messages.
    const body: Record<string, string | number> = {};
    for (const k of fields) {
      const v = values[k].trim();
      if (v === initial[k]) continue;
      body[k] = k === 'coverageAmount' ? Number(v.replace(/[$,\s]/g, '')) : v;
    }
    if (Object.keys(body).length === 0) {
      setOpen(false);
      return;
    }
    const parsed = credentialPatchSchema.safeParse(body);
    const found: Partial<Record<EditName, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as EditName] ??= issue.message;
    }
    if (!found.expiresOn && typeof body.expiresOn === 'string' && body.expiresOn <= localToday()) {
      found.expiresOn = 'The expiry date must be in the future';
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    patch.mutate({ id: c.id, patch: parsed.data });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setValues(initial);
          setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Edit the ${title}`}>
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Edit the ${title}`}
        description={
          c.status === 'pending'
            ? 'It is waiting for review; the admin checks what you save here.'
            : 'Saving a new number or expiry date sends it back to review: its badge stops showing until an admin checks it again.'
        }
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
          className="space-y-4"
        >
          {fields.map((k) => (
            <InputField
              key={k}
              id={`${id}-${k}`}
              label={labels[k]}
              type={k === 'expiresOn' ? 'date' : 'text'}
              min={k === 'expiresOn' ? dayAfter(localToday()) : undefined}
              inputMode={k === 'coverageAmount' ? 'numeric' : undefined}
              value={values[k]}
              onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
              error={errors[k]}
            />
          ))}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={patch.isPending}>
              {patch.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  credential: c,
  title,
  onDeleted,
}: {
  credential: Credential;
  title: string;
  onDeleted: () => void;
}) {
  const remove = useDeleteCredential({
    onSuccess: () => {
      toast({ title: 'Deleted', description: `The ${title} was deleted.`, variant: 'success' });
    },
    onError: (err) =>
      toast({
        title: 'Not deleted',
        description: errorMessage(err, 'It could not be deleted. Try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <ConfirmDelete
      label={`Delete the ${title}`}
      title={`Delete the ${title}?`}
      description={
        c.badgeActive
          ? 'Its badge disappears from your page and your bids at once. This cannot be undone.'
          : 'It and its document are removed. This cannot be undone.'
      }
      confirmText="Delete"
      pending={remove.isPending}
      onConfirm={() => remove.mutateAsync(c.id)}
      onDeleted={onDeleted}
    />
  );
}
