// What saving a notification setting says: the same toasts for the per-kind choices and the all-email switch.
import { NOTIFICATION_MESSAGES } from '#domain/schemas/notification.schema';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';

export const settingsSaveToasts = {
  onSuccess: () => toast({ title: NOTIFICATION_MESSAGES.settingsSaved, variant: 'success' }),
  onError: (err: unknown) =>
    toast({
      title: NOTIFICATION_MESSAGES.settingsFailed,
      description: errorMessage(err, NOTIFICATION_MESSAGES.settingsFailed),
      variant: 'destructive',
    }),
};
