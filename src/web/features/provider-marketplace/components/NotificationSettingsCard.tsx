// /provider/settings: the email digest switch (decision 0021). New posted work and accepted bids always show in
// the app; this turns the hourly email digest on or off, saved as soon as it changes.
import { useId } from 'react';
import { NOTIFICATION_MESSAGES } from '#domain/schemas/notification.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications.ts';

export function NotificationSettingsCard() {
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings({
    onSuccess: () => toast({ title: NOTIFICATION_MESSAGES.settingsSaved, variant: 'success' }),
    onError: (err) =>
      toast({
        title: NOTIFICATION_MESSAGES.settingsFailed,
        description: errorMessage(err, NOTIFICATION_MESSAGES.settingsFailed),
        variant: 'destructive',
      }),
  });
  let body;
  if (settings.isPending) body = <Spinner label="Loading notification settings" />;
  else if (settings.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
        <p>Failed to load notification settings.</p>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  else {
    const on = save.isPending ? save.variables.emailNotifications : settings.data.emailNotifications;
    body = (
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-email`}
          className="mt-0.5"
          checked={on}
          disabled={save.isPending}
          aria-describedby={`${id}-email-hint`}
          onCheckedChange={(checked) => save.mutate({ emailNotifications: checked })}
        />
        <div>
          <label htmlFor={`${id}-email`} className="font-medium text-slate-900 dark:text-white">
            Email me about new work
          </label>
          <p id={`${id}-email-hint`} className="text-sm text-slate-700 dark:text-slate-300">
            One email at most every hour with new postings in your categories and accepted bids. They always
            show on your dashboard.
          </p>
        </div>
      </div>
    );
  }
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
          Notifications
        </h2>
        <div className="mt-4">{body}</div>
      </section>
    </Card>
  );
}
