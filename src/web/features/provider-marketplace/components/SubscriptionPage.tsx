// /subscription: the provider's current plan card (trial days left, red at three or fewer, or days until
// renewal), the plan picker with its button states (the plan in force
// "Current Plan", lower plans "Included", starter not offered on deluxe, enterprise through sales) and "Most
// popular" on deluxe; a choice is confirmed with "Update Subscription". While a trial runs, its tasks can be
// changed (starter: exactly one); a starter plan holding no task is asked to pick it, since nothing opens before.
// The server applies every rule again. No payment is taken, and the confirmation says so. Each plan card is the
// shared plan description.
import { useState } from 'react';
import { findSignupCategory, signupCategories } from '#domain/catalog/signup';
import { paymentNote, planPrice, providerPlanDescription } from '#domain/plan-words';
import {
  chooseTask,
  daysUntilRenewal,
  planButtons,
  providerPlans,
  TRIAL_WARNING_DAYS,
  type PlanButton,
} from '#domain/plans';
import {
  CHOOSE_TASK_MESSAGE,
  CONTACT_SALES_MESSAGE,
  type TrialStatusResponse,
} from '#domain/schemas/subscription.schema';
import { PlanSummary } from '#web/components/plans/PlanSummary.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useSelectPlan, useTrialStatus, useUpdateTrialTasks } from '../api/trial.ts';

export function SubscriptionPage() {
  const status = useTrialStatus();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Subscription</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Your plan decides which posted work you can see, bid on and message about.
      </p>
      <div className="mt-8">
        {status.isPending ? (
          <Spinner label="Loading your subscription" />
        ) : status.isError ? (
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-semibold">Failed to load your subscription.</p>
            <Button className="mt-3" variant="outline" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Plans status={status.data} />
        )}
      </div>
    </div>
  );
}

function Plans({ status }: { status: TrialStatusResponse }) {
  const [selected, setSelected] = useState<PlanButton['plan'] | null>(null);
  const select = useSelectPlan({
    onSuccess: (res) => {
      setSelected(null);
      toast({ title: 'Subscription updated', description: res.message, variant: 'success' });
    },
    onError: (err) =>
      toast({
        title: 'Failed to update subscription',
        description: errorMessage(err, 'Failed to change subscription'),
        variant: 'destructive',
      }),
  });
  const state = {
    subscriptionPlan: status.plan,
    hasUsedTrial: status.hasUsedTrial,
    trialEndDate: status.trialEndDate,
    subscriptionExpiryDate: status.subscriptionExpiryDate,
  };
  const buttons = planButtons(state).filter((b) => b.offered);
  const current = providerPlans[status.plan];
  const danger = status.isTrial && status.daysRemaining <= TRIAL_WARNING_DAYS;
  const picked = buttons.find((b) => b.plan === selected && b.action === 'select');

  return (
    <>
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
          {current.name}{' '}
          <span className="text-base font-medium text-slate-700 dark:text-slate-300">
            {planPrice(current.priceCents)}
          </span>
        </p>
        {status.isTrial ? (
          <p
            className={cn(
              'mt-2 inline-block rounded-md px-3 py-1 text-sm font-semibold',
              danger
                ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
                : 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
            )}
          >
            Free trial: {status.daysRemaining} {status.daysRemaining === 1 ? 'day' : 'days'} remaining
          </p>
        ) : status.expired ? (
          <Alert variant="warning" title="Your free trial has ended" className="mt-3">
            Choose a plan to see, bid on and message about posted work again.
          </Alert>
        ) : status.plan !== 'free' ? (
          <p className="mt-1 text-slate-800 dark:text-slate-200">
            Days until renewal: {daysUntilRenewal(status.subscriptionExpiryDate, new Date())}
          </p>
        ) : (
          <p className="mt-1 text-slate-800 dark:text-slate-200">
            The Free plan has no access to posted work. Pick a plan below.
          </p>
        )}
      </section>

      {(status.isTrial || status.mustChooseTask) && <TaskChoice status={status} />}

      <fieldset className="mt-8">
        <legend className="text-xl font-semibold text-slate-900 dark:text-white">Plans</legend>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {buttons.map((b) => {
            const isSelected = selected === b.plan;
            return (
              <li
                key={b.plan}
                aria-labelledby={`plan-${b.plan}`}
                className={cn(
                  'relative flex flex-col rounded-xl border bg-white p-6 shadow-sm dark:bg-slate-900',
                  isSelected
                    ? 'border-blue-600 ring-2 ring-blue-600 dark:border-blue-500'
                    : 'border-slate-200 dark:border-slate-800',
                )}
              >
                {b.plan === 'deluxe' && (
                  <span className="absolute -top-3 left-6 rounded-full bg-blue-700 px-3 py-1 text-xs font-semibold text-white">
                    Most popular
                  </span>
                )}
                <PlanSummary plan={providerPlanDescription(b.plan)} headingId={`plan-${b.plan}`} />
                <Button
                  className="mt-6 w-full"
                  variant={isSelected ? 'primary' : 'outline'}
                  disabled={b.disabled}
                  aria-pressed={b.action === 'select' ? isSelected : undefined}
                  onClick={() => {
                    if (b.action === 'contact-sales') {
                      toast({ title: 'Contact sales', description: CONTACT_SALES_MESSAGE });
                    } else if (b.action === 'select') {
                      setSelected(isSelected ? null : b.plan);
                    }
                  }}
                >
                  {isSelected ? 'Selected' : b.label}
                </Button>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
          {picked
            ? picked.label === 'Start Free Trial'
              ? paymentNote(providerPlans[picked.plan].name)
              : `${providerPlans[picked.plan].name} is ${planPrice(providerPlans[picked.plan].priceCents)}. ${paymentNote(null)}`
            : ''}
        </p>
        <Button
          disabled={!picked || select.isPending}
          onClick={() => picked && select.mutate({ plan: picked.plan })}
        >
          {select.isPending ? 'Updating…' : 'Update Subscription'}
        </Button>
      </div>
    </>
  );
}

/**
 * The tasks of a running trial (changeable while it runs), or the one task a starter plan holding none must pick
 * before any posted work opens (picked once; changing it later needs an upgrade).
 */
function TaskChoice({ status }: { status: TrialStatusResponse }) {
  const category = findSignupCategory(status.categoryId ?? '') ?? signupCategories[0];
  const [tasks, setTasks] = useState<string[]>(status.taskIds);
  const single = providerPlans[status.plan].taskLimit === 1;
  const choosing = status.mustChooseTask;
  const noun = choosing ? 'task' : 'trial tasks';
  const update = useUpdateTrialTasks({
    onSuccess: () => toast({ title: choosing ? 'Task saved' : 'Trial tasks updated', variant: 'success' }),
    onError: (err) =>
      toast({
        title: `Failed to update ${noun}`,
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const unchanged = tasks.length === status.taskIds.length && tasks.every((t) => status.taskIds.includes(t));
  return (
    <section
      aria-labelledby="trial-tasks"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="trial-tasks" className="text-lg font-semibold text-slate-900 dark:text-white">
        {choosing ? 'Choose your task' : 'Your trial tasks'}
      </h2>
      {choosing && (
        <Alert variant="warning" className="mt-3">
          {CHOOSE_TASK_MESSAGE}
        </Alert>
      )}
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {single
          ? 'The Starter plan includes one task: choosing another replaces it.'
          : 'Choose the tasks you want to be shown first.'}{' '}
        {status.isTrial ? 'You can change them while the trial runs.' : 'Changing it later needs an upgrade.'}
      </p>
      <fieldset className="mt-4">
        <legend className="sr-only">{category.name} tasks</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {category.tasks.map((t) => (
            <label
              key={t.id}
              className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 text-sm text-slate-900 dark:border-slate-700 dark:text-slate-100"
            >
              <input
                type={single ? 'radio' : 'checkbox'}
                name="trial-task"
                className="h-4 w-4 accent-blue-700"
                checked={tasks.includes(t.id)}
                onChange={() => setTasks(chooseTask(status.plan, tasks, t.id))}
              />
              {t.name}
            </label>
          ))}
        </div>
      </fieldset>
      {tasks.length === 0 && (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300">Please select at least one task</p>
      )}
      <div className="mt-4 flex justify-end">
        <Button
          variant="outline"
          disabled={tasks.length === 0 || unchanged || update.isPending}
          onClick={() => update.mutate({ taskIds: tasks })}
        >
          {update.isPending ? 'Saving…' : choosing ? 'Save task' : 'Save trial tasks'}
        </Button>
      </div>
    </section>
  );
}
