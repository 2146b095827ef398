// The Delete User dialog: one account, softly (recommended) or for good.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { deletionModeQuerySchema, type AdminUser } from '#domain/schemas/admin-api.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { fullName, ModeChoice } from './parts.tsx';

export interface DeleteUserDialogProps {
  user: AdminUser;
  onClose: () => void;
}

export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(deletionModeQuerySchema),
    defaultValues: { mode: 'soft' },
  });
  const remove = useDeleteUser({
    onSuccess: () => {
      onClose();
      toast({ title: 'User deleted successfully', variant: 'success' });
    },
    onError: (err) =>
      toast({
        title: 'Error deleting user',
        description: errorMessage(err, 'Failed to delete user.'),
        variant: 'destructive',
      }),
  });
  const submit = handleSubmit(({ mode }) => remove.mutate({ id: user.id, mode }));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Delete User"
        description={`Delete ${fullName(user)} (${user.email})? Choose how.`}
      >
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <ModeChoice name="delete-user-mode" value={field.value ?? 'soft'} onChange={field.onChange} />
          )}
        />
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void submit()}>
            {remove.isPending ? 'Deleting…' : 'Delete User'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
