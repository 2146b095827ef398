// Sign out everywhere, in the Edit User dialog (docs/security.md): ends every session of the user; the account
// stays as it is and they may sign in again.
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSignOutUser } from '../api/sign-out-user.ts';
import { fullName } from './parts.tsx';

export function SignOutEverywhere({ user }: { user: AdminUser }) {
  const signOut = useSignOutUser({
    onSuccess: (res) =>
      toast({ title: 'Signed out everywhere', description: res.message, variant: 'success' }),
    onError: (err) =>
      toast({
        title: 'Failed to sign out user',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <section
      aria-label="Sessions"
      className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Sign {fullName(user)} out on every device. The account stays as it is.
      </p>
      <Button
        type="button"
        variant="outline"
        className="shrink-0"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(user.id)}
      >
        {signOut.isPending ? 'Signing out…' : 'Sign out everywhere'}
      </Button>
    </section>
  );
}
