// /settings#notifications (decision 0043): the email choice of each kind the person can receive, saved as soon as
// it changes (the PUT carries that kind alone) with a toast; in-app notifications are always on. Hourly is offered
// only where the server's `choices` offers it (new work).
import { useEffect, useId } from 'react';
import {
  emailChoiceLabels,
  notificationKindInfo,
  notificationKinds,
  type EmailChoice,
  type NotificationKind,
} from '#domain/notification-kinds';
import type { NotificationPreferences } from '#domain/schemas/notification.schema';
import { Card } from '#web/components/ui/card.tsx';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { settingsSaveToasts } from './save-toasts.ts';

/** The section's anchor: paths.settingsNotifications opens /settings here. */
export const SETTINGS_SECTION_ID = 'notifications';

export function NotificationPreferencesSection() {
  const prefs = useNotificationPreferences();
  // The browser cannot scroll to #notifications by itself: the section appears after the page's first paint.
  const loaded = prefs.isSuccess;
  useEffect(() => {
    if (loaded && window.location.hash === `#${SETTINGS_SECTION_ID}`) {
      document.getElementById(SETTINGS_SECTION_ID)?.scrollIntoView({ block: 'start' });
    }
  }, [loaded]);

  let body;
  if (prefs.isPending) body = <Spinner label="Loading notification settings" />;
  else if (prefs.isError)
    body = (
      <LoadFailed message={'Failed to load notification settings.'} onRetry={() => void prefs.refetch()} />
    );
  else body = <KindList prefs={prefs.data} />;

  return (
    <Card className="scroll-mt-28 p-5 sm:p-6" id={SETTINGS_SECTION_ID}>
      <section aria-labelledby={`${SETTINGS_SECTION_ID}-heading`}>
        <h2
          id={`${SETTINGS_SECTION_ID}-heading`}
          className="text-lg font-semibold text-slate-900 dark:text-white"
        >
          Notifications
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          In-app notifications are always on: the bell at the top shows everything below. Choose which ones
          are also emailed to you, at once, in one daily digest at 8:00, or not at all.
        </p>
        <div className="mt-4">{body}</div>
      </section>
    </Card>
  );
}

function KindList({ prefs }: { prefs: NotificationPreferences }) {
  const kinds = notificationKinds.filter((k) => prefs.email[k] !== undefined);
  if (kinds.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        There is no notification email to choose for your account.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {kinds.map((k) => (
        <KindRow key={k} kind={k} choice={prefs.email[k]!} choices={prefs.choices[k] ?? [prefs.email[k]!]} />
      ))}
    </ul>
  );
}

function KindRow({
  kind,
  choice,
  choices,
}: {
  kind: NotificationKind;
  choice: EmailChoice;
  choices: readonly EmailChoice[];
}) {
  const id = useId();
  const save = useSaveNotificationPreferences(settingsSaveToasts);
  // While saving, the select shows what was chosen (and stays enabled, so keyboard focus stays on it); a failure
  // puts the saved choice back.
  const shown = save.isPending ? (save.variables.email[kind] ?? choice) : choice;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-white">
        {notificationKindInfo[kind].label}
      </label>
      <select
        id={id}
        className={cn(fieldClasses, 'h-10 sm:w-48')}
        value={shown}
        aria-busy={save.isPending}
        onChange={(e) => save.mutate({ email: { [kind]: e.target.value as EmailChoice } })}
      >
        {choices.map((c) => (
          <option key={c} value={c}>
            {emailChoiceLabels[c]}
          </option>
        ))}
      </select>
    </li>
  );
}
