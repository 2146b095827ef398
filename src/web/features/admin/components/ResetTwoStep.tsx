// Two-step verification off for a user who lost their phone (decision 0024), in the Edit User dialog: asks once
// more, then every session of the user ends; they sign in with the password alone and may set it up again.
import { useState } from 'react';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useResetTwoStep } from '../api/reset-two-step.ts';
import { useUser } from '../api/get-user.ts';
import { fullName } from './parts.tsx';

export function ResetTwoStep({ user }: { user: AdminUser }) {
  const [confirming, setConfirming] = useState(false);
  // The account as it is now says whether two-step is on (the list does not carry it).
  const fresh = useUser(user.id);
  const on = fresh.data?.twoStepEnabled;
  const reset = useResetTwoStep({
    onSuccess: (res) => {
      setConfirming(false);
      toast({ title: 'Two-step verification turned off', description: res.message, variant: 'success' });
    },
    onError: (err) => {
      setConfirming(false);
      toast({
        title: 'Failed to turn off two-step verification',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  return (
    <section
      aria-label="Two-step verification"
      className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {on === false
          ? `Two-step verification is off for ${fullName(user)}.`
          : confirming
            ? `Turn off two-step verification for ${fullName(user)} and sign them out on every device? Only do this once you are sure it is them.`
            : `${on ? 'Two-step verification is on. ' : ''}Lost their phone? Turn off two-step verification for ${fullName(user)}.`}
      </p>
      {on !== false && (
        <div className="flex shrink-0 gap-2">
          {confirming && (
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          )}
          <Button
            type="button"
            variant={confirming ? 'destructive' : 'outline'}
            disabled={reset.isPending}
            onClick={() => (confirming ? reset.mutate(user.id) : setConfirming(true))}
          >
            {reset.isPending ? 'Turning off…' : confirming ? 'Turn off' : 'Turn off two-step'}
          </Button>
        </div>
      )}
    </section>
  );
}
