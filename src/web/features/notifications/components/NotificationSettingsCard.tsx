// /provider/settings: the old one email switch (decisions 0021, 0043), kept as a shortcut: off turns every
// notification email off, on puts every kind back to its default. The choice per kind is on /settings. Saved as
// soon as it changes.
import { useId } from 'react';
import { Link } from 'wouter';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/lib/paths.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { settingsSaveToasts } from './save-toasts.ts';

export function NotificationSettingsCard() {
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings(settingsSaveToasts);
  let body;
  if (settings.isPending) body = <Spinner label="Loading notification settings" />;
  else if (settings.isError)
    body = (
      <LoadFailed message={'Failed to load notification settings.'} onRetry={() => void settings.refetch()} />
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
            Email me notifications
          </label>
          <p id={`${id}-email-hint`} className="text-sm text-slate-700 dark:text-slate-300">
            Off turns all notification email off. On puts every kind back to its default: new work as your
            plan sends it, what waits on you at once, the rest in a daily digest. Notifications always show in
            the app.
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
        <p className="mt-4 text-sm">
          <Link
            href={paths.settingsNotifications}
            className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
          >
            Choose the email for each kind of notification
          </Link>
        </p>
      </section>
    </Card>
  );
}
