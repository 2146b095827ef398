// /account: the current subscription and how to change it (pick a plan, then
// confirm with "Update Subscription"; each plan is the shared plan description, and a paid choice says that no card
// is charged), and cancelling the account behind a confirmation.
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { Role } from '#domain/permissions';
import { paymentNote } from '#domain/plan-words';
import { PlanSummary } from '#web/components/plans/PlanSummary.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { useChangeSubscription } from '../api/change-subscription.ts';
import { useProfile, type Profile } from '../api/get-profile.ts';
import { formatDate } from '../format.ts';
import { FETCH_USER_FAILED, SUBSCRIPTION_CHANGE_FAILED, SUBSCRIPTION_UPDATED } from '../messages.ts';
import { planChoices, renewalLine, type PlanChoice } from '../plan-choices.ts';
import { AccountScreen, LoadError, LoadingState, Section } from './AccountScreen.tsx';
import { CancelAccountSection } from './CancelAccountSection.tsx';

export function AccountPage() {
  const { user } = useAuth();
  const profile = useProfile();
  if (!user) return null;
  return (
    <AccountScreen title="Account" intro="Your subscription, and closing your account.">
      {profile.isPending ? (
        <LoadingState label="Loading your subscription" />
      ) : profile.isError ? (
        <LoadError message={FETCH_USER_FAILED} onRetry={() => void profile.refetch()} />
      ) : (
        <SubscriptionSection role={user.role} profile={profile.data} />
      )}
      <CancelAccountSection />
    </AccountScreen>
  );
}

function SubscriptionSection({ role, profile }: { role: Role; profile: Profile }) {
  const id = useId();
  const choices = planChoices(role, profile);
  const current = choices.find((c) => c.state === 'current');
  const [picked, setPicked] = useState<string | null>(null);
  const pickedChoice = choices.find((c) => c.id === picked && c.state === 'selectable');
  const mutation = useChangeSubscription({
    onSuccess: () => {
      setPicked(null);
      toast({ ...SUBSCRIPTION_UPDATED, variant: 'success' });
    },
    onError: (err) =>
      toast({
        title: SUBSCRIPTION_CHANGE_FAILED,
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const renewal = renewalLine(profile, formatDate);

  return (
    <Section
      id={`${id}-heading`}
      title="Subscription"
      description={
        <>
          <span>
            Current plan: <strong>{current?.description.name ?? profile.subscriptionPlan}</strong>
          </span>
          {renewal && <span className="block">{renewal}</span>}
        </>
      }
    >
      <ul aria-label="Plans" className="grid gap-4 sm:grid-cols-2">
        {choices.map((c) => (
          <PlanCard
            key={c.id}
            choice={c}
            picked={picked === c.id}
            onPick={() => setPicked(picked === c.id ? null : c.id)}
          />
        ))}
      </ul>
      <div
        className="mt-5 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
        aria-live="polite"
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {pickedChoice
            ? `Switch to ${pickedChoice.description.name} (${pickedChoice.description.price}).${
                pickedChoice.paid
                  ? ` ${paymentNote(pickedChoice.trialNote ? pickedChoice.description.name : null)}`
                  : ''
              }`
            : 'Pick a plan to change your subscription.'}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {role === 'provider' && (
            <Button asChild variant="outline">
              <Link href={paths.subscription}>Plan details</Link>
            </Button>
          )}
          <Button
            disabled={!pickedChoice || mutation.isPending}
            onClick={() => pickedChoice && mutation.mutate({ plan: pickedChoice.id })}
          >
            {mutation.isPending ? 'Updating…' : 'Update Subscription'}
          </Button>
        </div>
      </div>
    </Section>
  );
}

function PlanCard({ choice, picked, onPick }: { choice: PlanChoice; picked: boolean; onPick: () => void }) {
  const id = useId();
  const isCurrent = choice.state === 'current';
  return (
    <li
      aria-labelledby={id}
      className={cn(
        'flex flex-col rounded-lg border p-4',
        isCurrent || picked
          ? 'border-blue-700 bg-blue-50 dark:border-blue-400 dark:bg-blue-950'
          : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <PlanSummary plan={choice.description} headingId={id} />
      {choice.trialNote && (
        <p className="mt-3 text-sm font-medium text-blue-800 dark:text-blue-200">{choice.trialNote}</p>
      )}
      <Button
        className="mt-4 w-full"
        variant={picked ? 'primary' : 'outline'}
        disabled={choice.state !== 'selectable'}
        aria-pressed={choice.state === 'selectable' ? picked : undefined}
        aria-describedby={id}
        onClick={onPick}
      >
        {isCurrent
          ? 'Current Plan'
          : choice.state === 'unavailable'
            ? choice.unavailableLabel
            : picked
              ? 'Selected'
              : `Choose ${choice.description.name}`}
      </Button>
    </li>
  );
}
