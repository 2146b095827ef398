// The provider dashboard's notifications (decisions 0021, 0043): the latest five of the bell's latest ten (one
// query), unread ones marked, each linking to the screen where it is acted on (opening one marks it read), and
// "Mark all as read". They arrive live, as the bell's count does.
import { Link } from 'wouter';
import { NOTIFICATION_MESSAGES, type Notification } from '#domain/schemas/notification.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useLatestNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-read.ts';
import { LoadFailed } from './LoadFailed.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The dashboard shows this many of the latest. */
const DASHBOARD_COUNT = 5;

export function NotificationsPanel() {
  const list = useLatestNotifications();
  const mark = useMarkNotificationsRead();
  let body;
  if (list.isPending) body = <Spinner label="Loading notifications" />;
  else if (list.isError)
    body = (
      <LoadFailed message={`${NOTIFICATION_MESSAGES.loadFailed}.`} onRetry={() => void list.refetch()} />
    );
  else if (list.data.items.length === 0)
    body = <p className="text-slate-700 dark:text-slate-300">{NOTIFICATION_MESSAGES.empty}</p>;
  else
    body = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {list.data.items.slice(0, DASHBOARD_COUNT).map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={() => !n.read && mark.mutate({ ids: [n.id] })} />
        ))}
      </ul>
    );
  const unread = list.data?.unreadCount ?? 0;
  return (
    <section
      aria-labelledby="notifications"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notifications" className="text-lg font-semibold text-slate-900 dark:text-white">
          Notifications
          {unread > 0 && <span className="sr-only">, {unread} unread</span>}
        </h2>
        {unread > 0 && (
          <Button variant="outline" size="sm" disabled={mark.isPending} onClick={() => mark.mutate({})}>
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        )}
      </div>
      <div className="mt-2">{body}</div>
    </section>
  );
}

function NotificationItem({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const href = n.link;
  return (
    <li className="flex gap-3 py-3">
      <span
        aria-hidden="true"
        className={cn(
          'mt-2 h-2 w-2 shrink-0 rounded-full',
          n.read ? 'bg-transparent' : 'bg-blue-600 dark:bg-blue-400',
        )}
      />
      <div className="min-w-0">
        <p className={cn('text-slate-900 dark:text-white', !n.read && 'font-semibold')}>
          <Link
            href={href}
            onClick={onOpen}
            className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
          >
            {n.title}
          </Link>
          {!n.read && <span className="sr-only"> (unread)</span>}
        </p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">{n.body}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {n.actorName && <>{n.actorName} · </>}
          <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
          {n.priority && ' · Priority'}
        </p>
      </div>
    </li>
  );
}
