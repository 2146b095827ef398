// Cancelling the account: a confirmation dialog, then POST /api/account/cancel,
// the toast "Account Canceled" and /login. The account is closed for good: it cannot sign in again.
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useCancelAccount } from '../api/cancel-account.ts';
import { ACCOUNT_CANCEL_FAILED, ACCOUNT_CANCELED } from '../messages.ts';
import { Section } from './AccountScreen.tsx';

export function CancelAccountSection() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const mutation = useCancelAccount({
    onSuccess: () => {
      setOpen(false);
      toast({
        title: ACCOUNT_CANCELED,
        description: 'Your account has been closed and you have been signed out.',
        variant: 'success',
      });
      navigate(paths.login, { replace: true });
    },
    onError: (err) =>
      toast({
        title: ACCOUNT_CANCEL_FAILED,
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <Section
      id={`${id}-heading`}
      title="Cancel account"
      className="border-red-200 dark:border-red-900"
      description="Close your account and sign out everywhere. This cannot be undone."
    >
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (mutation.isPending) return;
          setOpen(next);
          if (!next) mutation.reset();
        }}
      >
        <DialogTrigger asChild>
          <Button variant="destructive" className="w-full sm:w-auto">
            Cancel account
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Cancel your account?"
          description="You will be signed out on every device and will not be able to sign in again."
        >
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            <li>Your name, contact details and profile are removed.</li>
            <li>Messages and estimates you already shared stay with the people who received them.</li>
            <li>You can sign up again later with the same email as a new account.</li>
          </ul>
          {mutation.isError && (
            <Alert variant="destructive" className="mt-4" title={ACCOUNT_CANCEL_FAILED}>
              {errorMessage(mutation.error, 'Please try again.')}
            </Alert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={mutation.isPending}>
                Keep my account
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
              {mutation.isPending ? 'Canceling…' : 'Yes, cancel my account'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Section>
  );
}
