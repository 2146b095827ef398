// One notification in the bell's panel and on /notifications: the whole row is the link to the screen where it is
// acted on; an unread one is marked (a dot, bold title, "(unread)" for screen readers) and opening it marks it
// read.
import { Link } from 'wouter';
import { formatChatTime } from '#domain/format';
import type { Notification } from '#domain/schemas/notification.schema';
import { cn } from '#web/lib/cn.ts';

/** The reader's own time zone, read once when the panel's code loads. */
const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
})();

export function NotificationItem({
  n,
  onOpen,
  className,
}: {
  n: Notification;
  /** Called as the link is followed (mark it read, close the panel). */
  onOpen: (n: Notification) => void;
  className?: string;
}) {
  const when = formatChatTime(n.createdAt, new Date(), timeZone);
  return (
    <li>
      <Link
        href={n.link}
        onClick={() => onOpen(n)}
        className={cn(
          'flex gap-3 rounded-md px-3 py-3 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 dark:hover:bg-slate-800/60 dark:focus-visible:ring-blue-400',
          !n.read && 'bg-blue-50/60 dark:bg-blue-950/40',
          className,
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-1.5 h-2 w-2 shrink-0 rounded-full',
            n.read ? 'bg-transparent' : 'bg-blue-600 dark:bg-blue-400',
          )}
        />
        <span className="min-w-0 flex-1">
          <span
            className={cn(
              'block break-words text-sm text-slate-900 dark:text-white',
              n.read ? 'font-medium' : 'font-semibold',
            )}
          >
            {n.title}
            {!n.read && <span className="sr-only"> (unread)</span>}
          </span>
          <span className="block text-sm break-words text-slate-700 dark:text-slate-300">{n.body}</span>
          <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
            {n.actorName && <>{n.actorName} · </>}
            <time dateTime={n.createdAt}>{when}</time>
          </span>
        </span>
      </Link>
    </li>
  );
}
