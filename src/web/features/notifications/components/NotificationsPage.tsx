// /notifications (decision 0043): every notification, newest first, 20 a page from the server, All or Unread
// only; Mark all as read; opening one marks it read and goes to its screen.
import { countOf } from '#domain/count-words';
import { NOTIFICATION_MESSAGES, type Notification } from '#domain/schemas/notification.schema';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useNotificationPage } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-read.ts';
import { NotificationItem } from './NotificationItem.tsx';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const filterClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 aria-pressed:bg-blue-700 aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-blue-600';

export function NotificationsPage() {
  const params = useListParams({ unread: false });
  const { unread } = params.filters;
  const list = useNotificationPage({ page: params.page, pageSize: NOTIFICATIONS_PAGE_SIZE, unread });
  const mark = useMarkNotificationsRead();
  const open = (n: Notification) => {
    if (!n.read) mark.mutate({ ids: [n.id] });
  };
  const unreadCount = list.data?.unreadCount ?? 0;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            Notifications
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            What happened on your estimates, bids and jobs, newest first.
          </p>
        </div>
        {unreadCount > 0 && (
          <Button variant="outline" size="sm" disabled={mark.isPending} onClick={() => mark.mutate({})}>
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        )}
      </div>
      <div
        role="group"
        aria-label="Show"
        className="mt-6 inline-flex gap-1 rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900"
      >
        <button
          type="button"
          className={filterClass}
          aria-pressed={!unread}
          onClick={() => params.setFilter('unread', false)}
        >
          All
        </button>
        <button
          type="button"
          className={filterClass}
          aria-pressed={unread}
          onClick={() => params.setFilter('unread', true)}
        >
          Unread{unreadCount > 0 && ` (${unreadCount})`}
        </button>
      </div>
      <div className="mt-4">
        <ListState
          query={list}
          loading={<LoadingState text="Loading notifications..." />}
          error={`${NOTIFICATION_MESSAGES.loadFailed}.`}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState text={unread ? NOTIFICATION_MESSAGES.emptyUnread : NOTIFICATION_MESSAGES.empty} />
          }
        >
          {(data) => {
            const { pageCount, from, to } = pageRange(data.page, data.pageSize, data.total);
            return (
              <>
                <ul
                  aria-label={unread ? 'Unread notifications' : 'All notifications'}
                  className={cn(
                    'divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white p-1 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900',
                    list.isPlaceholderData && 'opacity-60',
                  )}
                >
                  {data.items.map((n) => (
                    <NotificationItem key={n.id} n={n} onOpen={open} />
                  ))}
                </ul>
                <Pager
                  page={data.page}
                  pageCount={pageCount}
                  onPage={params.setPage}
                  label="Notification pages"
                >
                  {`Showing ${from} to ${to} of ${countOf(data.total, 'notification', 'notifications')}`}
                </Pager>
              </>
            );
          }}
        </ListState>
      </div>
    </div>
  );
}
