// "Request a quote" on a pro's page (decision 0046): everyone but providers and admins sees it. Signed out it is a
// link to sign in that comes back here; a signed-in customer picks one of their estimates that can take an
// invitation (a draft, posted first, or a posted one) and invites the pro to bid (POST
// /api/estimates/{id}/invitations). The server's refusal (the pro's plan does not open the category, the pro was
// already invited, the estimate was hired meanwhile) shows in its own words.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { PublicProfile } from '#domain/schemas/pro-profile.schema';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { useInvitableEstimates, useInviteToBid } from '../api/pros.ts';
import { displayName } from '../format.ts';

export function RequestQuote({ profile }: { profile: PublicProfile }) {
  const { user } = useAuth();
  // The server renders the signed-out page: the link shows until the session says otherwise.
  if (!user) {
    return (
      <Link
        href={`${paths.login}?next=${encodeURIComponent(profile.path)}`}
        className={buttonClasses('primary')}
      >
        Sign in to request a quote
      </Link>
    );
  }
  if (user.role !== 'customer') return null;
  return <RequestQuoteDialog profile={profile} />;
}

export function RequestQuoteDialog({ profile }: { profile: PublicProfile }) {
  const [open, setOpen] = useState(false);
  const name = displayName(profile);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Request a quote</Button>
      </DialogTrigger>
      <DialogContent
        title={`Invite ${name} to bid`}
        description={`Choose one of your estimates. ${name} is told and can send you a bid on it.`}
      >
        {open && <InviteForm profile={profile} name={name} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ profile, name }: { profile: PublicProfile; name: string }) {
  const estimates = useInvitableEstimates(true);
  const invite = useInviteToBid();
  const [chosen, setChosen] = useState<string | null>(null);
  const [done, setDone] = useState<{ posted: boolean } | null>(null);
  const groupName = useId();

  if (estimates.isPending) return <Spinner label="Loading your estimates" className="p-4" />;
  if (estimates.isError) {
    return (
      <Alert variant="destructive" title="Your estimates could not be loaded.">
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void estimates.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (done) {
    return (
      <div className="space-y-4">
        <Alert variant="success" title={`${name} was invited and will be notified.`}>
          {done.posted && 'Your draft was posted first, so pros can bid on it.'}
        </Alert>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </div>
    );
  }
  const { items, owned } = estimates.data;
  if (items.length === 0) return <NoEstimates owned={owned} />;

  const selected = items.find((e) => e.id === chosen) ?? items[0]!;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { estimateId: selected.id, providerId: profile.id },
      { onSuccess: (answer) => setDone({ posted: answer.posted }) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          Your estimates
        </legend>
        {items.map((e) => (
          <EstimateOption
            key={e.id}
            estimate={e}
            name={groupName}
            checked={selected.id === e.id}
            onChoose={() => {
              invite.reset();
              setChosen(e.id);
            }}
          />
        ))}
      </fieldset>
      {invite.isError && (
        <Alert variant="destructive">
          {errorMessage(invite.error, 'The invitation could not be sent. Please try again.')}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="outline" disabled={invite.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : `Invite ${name} to bid`}
        </Button>
      </div>
    </form>
  );
}

function EstimateOption({
  estimate: e,
  name,
  checked,
  onChoose,
}: {
  estimate: Estimate;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
        checked
          ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950'
          : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <input
        type="radio"
        name={name}
        value={e.id}
        checked={checked}
        onChange={onChoose}
        className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700"
      />
      <span className="min-w-0">
        <span className="block break-words font-medium text-slate-900 dark:text-slate-100">{e.title}</span>
        <span className="block text-slate-700 dark:text-slate-300">
          {e.status === 'draft' ? 'Draft: it will be posted first, so pros can bid on it' : 'Posted'}
          {e.city ? ` · ${e.city}` : ''}
        </span>
      </span>
    </label>
  );
}

/** Nothing to invite to: no estimates at all, or only hired, completed or cancelled ones. */
function NoEstimates({ owned }: { owned: number }) {
  return (
    <div className="space-y-3 text-sm">
      <p className="font-medium text-slate-900 dark:text-white">
        {owned === 0 ? 'You have no estimates yet' : 'None of your estimates can take an invitation'}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        {owned === 0
          ? 'Describe your project and price it in a few steps, then invite this pro to bid on it.'
          : 'Estimates that are hired, completed or cancelled take no more bids. Start a new one, then invite this pro to bid on it.'}
      </p>
      <Link href={paths.createEstimate} className={buttonClasses('primary')}>
        Start an estimate
      </Link>
    </div>
  );
}
