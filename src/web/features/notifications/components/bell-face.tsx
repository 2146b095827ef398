// The bell's button face and its names, drawn by both the stand-in (NotificationBell.tsx) and the loaded panel's
// trigger (BellPanel.tsx), so the button does not change when the panel's code arrives.
import { focusRing } from '#web/components/ui/button.tsx';
import { BellIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';

export const bellButtonClass = cn(
  'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  focusRing,
);

/** "3 unread notifications", or nothing when there are none (or the count is not known yet). */
export const unreadPhrase = (count: number | undefined) =>
  count ? `${count} unread notification${count === 1 ? '' : 's'}` : '';

export const bellLabel = (count: number | undefined) =>
  count ? `Notifications, ${count} unread` : 'Notifications';

export function BellFace({ count }: { count: number | undefined }) {
  return (
    <>
      <BellIcon className="h-5 w-5" />
      {count ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </>
  );
}
