// The Edit User dialog: the account's form, read fresh when the dialog opens, then Sign out everywhere
// (docs/security.md) and turning off two-step verification.
import { useEffect } from 'react';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { LoadingState } from '#web/components/list/ListState.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUser } from '../api/get-user.ts';
import { EditUserForm } from './EditUserForm.tsx';
import { fullName } from './parts.tsx';
import { ResetTwoStep } from './ResetTwoStep.tsx';
import { SignOutEverywhere } from './SignOutEverywhere.tsx';

export interface EditUserDialogProps {
  user: AdminUser;
  onClose: () => void;
  /** The signed-in admin gave up their own admin role. */
  onAccessRevoked: () => void;
}

export function EditUserDialog({ user, onClose, onAccessRevoked }: EditUserDialogProps) {
  // The form edits the account as it is now (another admin may have changed it since the list was read).
  const fresh = useUser(user.id);
  useEffect(() => {
    if (fresh.isError) {
      toast({
        title: 'Failed to fetch user',
        description: errorMessage(fresh.error, 'Showing the details from the list instead.'),
        variant: 'destructive',
      });
    }
  }, [fresh.isError, fresh.error]);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Edit User" description={`${fullName(user)} · ${user.email}`}>
        {fresh.isLoading ? (
          <LoadingState text="Loading user..." />
        ) : (
          <EditUserForm
            key={fresh.dataUpdatedAt}
            user={fresh.data ?? user}
            onClose={onClose}
            onAccessRevoked={onAccessRevoked}
          />
        )}
        <SignOutEverywhere user={user} />
        <ResetTwoStep user={user} />
      </DialogContent>
    </Dialog>
  );
}
