// The Upgrade Membership dialog: pick Starter or Deluxe, a category and tasks
// (on Starter a task choice replaces the previous one; switching to Starter keeps only the first task; changing
// the category clears them), then the confirming step (two seconds) and the server's answer. No payment is
// taken: the plan changes on the server's answer, and the dialog says so.
import { useState } from 'react';
import { signupCategories } from '#domain/catalog/signup';
import { paymentNote, planPrice } from '#domain/plan-words';
import { chooseTask, planButtons, providerPlans, tasksForPlan, UPGRADE_PROCESSING_MS } from '#domain/plans';
import type { TrialStatusResponse } from '#domain/schemas/subscription.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUpgradeSubscription } from '../api/trial.ts';

type Plan = 'starter' | 'deluxe';

export function UpgradeDialog({ status }: { status: TrialStatusResponse }) {
  const [open, setOpen] = useState(false);
  const offered = planButtons({
    subscriptionPlan: status.plan,
    hasUsedTrial: status.hasUsedTrial,
    trialEndDate: status.trialEndDate,
    subscriptionExpiryDate: status.subscriptionExpiryDate,
  }).filter(
    (b): b is typeof b & { plan: Plan } => b.offered && b.action === 'select' && b.plan !== 'enterprise',
  );
  const [plan, setPlan] = useState<Plan | null>(null);
  const [category, setCategory] = useState(status.categoryId ?? '');
  const [tasks, setTasks] = useState<string[]>([]);
  const [processing, setProcessing] = useState(false);
  const upgrade = useUpgradeSubscription();
  const tasksOf = signupCategories.find((c) => c.id === category)?.tasks ?? [];
  const single = plan !== null && providerPlans[plan].taskLimit === 1;
  const ready = plan !== null && category !== '' && tasks.length > 0;
  const busy = processing || upgrade.isPending;
  // A free provider who never had a trial starts it with this choice; nothing is paid either way.
  const trial = offered.some((b) => b.label === 'Start Free Trial');

  if (offered.length === 0) return null;

  const submit = () => {
    if (!ready || !plan) {
      toast({
        title: 'Upgrade failed',
        description: 'Please select a category and at least one task.',
        variant: 'destructive',
      });
      return;
    }
    setProcessing(true);
    setTimeout(() => {
      setProcessing(false);
      upgrade.mutate(
        { newPlan: plan, selectedCategory: category, additionalTasks: tasks },
        {
          onSuccess: () => {
            toast({ title: 'Subscription upgraded successfully!', variant: 'success' });
            setOpen(false);
          },
          onError: (err) =>
            toast({
              title: 'Upgrade failed',
              description: errorMessage(err, 'Failed to upgrade subscription'),
              variant: 'destructive',
            }),
        },
      );
    }, UPGRADE_PROCESSING_MS);
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>Upgrade Membership</Button>
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <DialogContent
          title="Upgrade Membership"
          description="Choose a plan, the category you work in and your tasks."
          className="max-h-[90dvh] max-w-xl overflow-y-auto"
        >
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900 dark:text-white">Plan</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {offered.map((b) => (
                <label
                  key={b.plan}
                  className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 text-sm text-slate-900 dark:border-slate-700 dark:text-slate-100"
                >
                  <input
                    type="radio"
                    name="upgrade-plan"
                    className="h-4 w-4 accent-blue-700"
                    checked={plan === b.plan}
                    onChange={() => {
                      setPlan(b.plan);
                      setTasks((t) => tasksForPlan(b.plan, t));
                    }}
                  />
                  {providerPlans[b.plan].name} · {planPrice(providerPlans[b.plan].priceCents)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-4 flex flex-col gap-1 text-sm font-semibold text-slate-900 dark:text-white">
            Category
            <select
              className="h-11 rounded-md border border-slate-300 bg-white px-3 font-normal text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              value={category}
              onChange={(e) => {
                setCategory(e.target.value);
                setTasks([]);
              }}
            >
              <option value="">Select a category</option>
              {signupCategories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {tasksOf.length > 0 && (
            <fieldset className="mt-4">
              <legend className="text-sm font-semibold text-slate-900 dark:text-white">
                {single ? 'Task (Starter includes one)' : 'Tasks'}
              </legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {tasksOf.map((t) => (
                  <label
                    key={t.id}
                    className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 text-sm text-slate-900 dark:border-slate-700 dark:text-slate-100"
                  >
                    <input
                      type={single ? 'radio' : 'checkbox'}
                      name="upgrade-task"
                      className="h-4 w-4 accent-blue-700"
                      checked={tasks.includes(t.id)}
                      onChange={() => setTasks((cur) => chooseTask(plan, cur, t.id))}
                    />
                    {t.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            {paymentNote(trial ? (plan ? providerPlans[plan].name : 'Your first plan') : null)}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Close
              </Button>
            </DialogClose>
            <Button disabled={busy} onClick={submit}>
              {processing || upgrade.isPending ? 'Changing your plan…' : 'Upgrade'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
