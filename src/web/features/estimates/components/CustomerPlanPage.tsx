// /customer/subscription: the current plan card, the Free and Premium cards
// ("Current Plan" disabled on the one in force), Update Subscription to confirm a choice, the trial end date
// while there is no expiry and "Renews on" once there is. Each plan card is the shared plan description; choosing
// Premium after the trial asks for a confirmation that says plainly that no card is charged.
import { useState } from 'react';
import {
  customerPlans,
  customerRenewalNote,
  effectiveCustomerPlan,
  type CustomerPlanId,
} from '#domain/plans';
import { customerPlanDescription, paymentNote, planPrice, TRIAL_NOTE } from '#domain/plan-words';
import { ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { PlanSummary } from '#web/components/plans/PlanSummary.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useChangePlan } from '../api/change-plan.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUsage } from '../api/get-usage.ts';
import { PageHeader } from './EstimateParts.tsx';

const longDate = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function CustomerPlanPage() {
  const { data: profile, isLoading, isError, refetch } = useProfile();
  const usage = useUsage();
  const [selected, setSelected] = useState<CustomerPlanId | null>(null);
  const [paying, setPaying] = useState(false);
  const change = useChangePlan({
    onSuccess: (res) => {
      setSelected(null);
      setPaying(false);
      toast({ title: 'Subscription updated', description: res.message, variant: 'success' });
    },
    onError: (err) => {
      setPaying(false);
      toast({
        title: 'Failed to update subscription',
        description: errorMessage(err, 'Failed to change subscription'),
        variant: 'destructive',
      });
    },
  });

  if (isLoading) return <LoadingState />;
  if (isError || !profile) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorState onRetry={() => void refetch()} text="Failed to load your plan. Please try again." />
      </div>
    );
  }

  const now = new Date();
  const current = effectiveCustomerPlan(profile, now);
  const note = current === 'premium' ? customerRenewalNote(profile) : null;
  const plan = customerPlans[current];
  const trialAvailable = !profile.hasUsedTrial;
  const confirm = () => {
    if (!selected) return;
    if (selected === 'premium' && !trialAvailable) setPaying(true);
    else change.mutate({ plan: selected });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="My Plan" intro="Choose how many estimates you build, save and post." />

      <section
        aria-labelledby="current-plan"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id="current-plan"
          className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300"
        >
          Current plan
        </h2>
        <p className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
          {plan.name}{' '}
          <span className="text-base font-medium text-slate-700 dark:text-slate-300">
            {planPrice(plan.priceCents)}
          </span>
        </p>
        {note?.kind === 'trial-ends' && (
          <p className="mt-1 text-slate-800 dark:text-slate-200">Free trial ends on {longDate(note.date)}</p>
        )}
        {note?.kind === 'renews-on' && (
          <p className="mt-1 text-slate-800 dark:text-slate-200">Renews on {longDate(note.date)}</p>
        )}
        {usage.data && (
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
            {(
              [
                ['Estimates this month', usage.data.generated],
                ['Saved estimates', usage.data.saved],
                ['Posted this month', usage.data.posted],
              ] as const
            ).map(([label, u]) => (
              <div key={label}>
                <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="font-semibold text-slate-900 dark:text-white">
                  {u.used} of {u.limit === null ? 'unlimited' : u.limit}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <fieldset className="mt-8">
        <legend className="text-xl font-semibold text-slate-900 dark:text-white">Plans</legend>
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {(['free', 'premium'] as const).map((id) => {
            const p = customerPlans[id];
            const isCurrent = id === current;
            const isSelected = selected === id;
            return (
              <li
                key={id}
                aria-labelledby={`plan-${id}`}
                className={cn(
                  'relative flex flex-col rounded-xl border bg-white p-6 shadow-sm dark:bg-slate-900',
                  isSelected
                    ? 'border-blue-600 ring-2 ring-blue-600 dark:border-blue-500'
                    : 'border-slate-200 dark:border-slate-800',
                )}
              >
                {p.mostPopular && (
                  <span className="absolute -top-3 left-6 rounded-full bg-blue-700 px-3 py-1 text-xs font-semibold text-white">
                    Most Popular
                  </span>
                )}
                <PlanSummary plan={customerPlanDescription(id)} headingId={`plan-${id}`} />
                {id === 'premium' && trialAvailable && !isCurrent && (
                  <p className="mt-3 text-sm font-medium text-blue-800 dark:text-blue-200">{TRIAL_NOTE}</p>
                )}
                <Button
                  className="mt-6 w-full"
                  variant={isSelected ? 'primary' : 'outline'}
                  disabled={isCurrent}
                  aria-pressed={isCurrent ? undefined : isSelected}
                  onClick={() => setSelected(isSelected ? null : id)}
                >
                  {isCurrent
                    ? 'Current Plan'
                    : isSelected
                      ? 'Selected'
                      : id === 'premium' && trialAvailable
                        ? 'Choose Premium (7-day free trial)'
                        : `Choose ${p.name}`}
                </Button>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
        {selected && (
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
            {selected === 'premium'
              ? trialAvailable
                ? paymentNote(customerPlans.premium.name)
                : `Premium is ${planPrice(customerPlans.premium.priceCents)}.`
              : 'You will move to the Free plan and its limits.'}
          </p>
        )}
        <Button disabled={!selected || change.isPending} onClick={confirm}>
          {change.isPending ? 'Updating…' : 'Update Subscription'}
        </Button>
      </div>

      <Dialog open={paying} onOpenChange={(o) => !change.isPending && setPaying(o)}>
        <DialogContent
          title="Confirm Premium"
          description={`Premium is ${planPrice(customerPlans.premium.priceCents)}. ${paymentNote(null)}`}
        >
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button disabled={change.isPending} onClick={() => change.mutate({ plan: 'premium' })}>
              {change.isPending ? 'Updating…' : 'Confirm Premium'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
