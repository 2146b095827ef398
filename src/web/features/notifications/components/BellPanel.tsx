// The bell's panel (loaded on first use, see NotificationBell.tsx): a Radix popover with the latest ten, "Mark all
// as read" and "See all notifications". Opening one marks it read, closes the panel and goes to its screen. On a
// phone (390 px) the panel takes the screen's width less a margin and scrolls within the height left below the bar.
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'wouter';
import { NOTIFICATION_MESSAGES, type Notification } from '#domain/schemas/notification.schema';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { useLatestNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-read.ts';
import { BellFace, bellButtonClass, bellLabel } from './bell-face.tsx';
import { NotificationItem } from './NotificationItem.tsx';

export function BellPanel({ count, defaultOpen }: { count: number | undefined; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen ?? false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={bellButtonClass} aria-label={bellLabel(count)}>
        <BellFace count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby="bell-panel-heading"
          className="z-50 flex max-h-[min(34rem,var(--radix-popover-content-available-height))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <PanelBody count={count} close={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PanelBody({ count, close }: { count: number | undefined; close: () => void }) {
  const list = useLatestNotifications();
  const mark = useMarkNotificationsRead();
  const open = (n: Notification) => {
    if (!n.read) mark.mutate({ ids: [n.id] });
    close();
  };
  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="px-4 py-6 text-center text-sm text-slate-700 dark:text-slate-300">
        Loading notifications…
      </p>
    );
  } else if (list.isError) {
    body = (
      <div role="alert" className="px-4 py-6 text-center text-sm text-red-800 dark:text-red-200">
        <p>{NOTIFICATION_MESSAGES.loadFailed}.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (list.data.items.length === 0) {
    body = (
      <p className="px-4 py-6 text-center text-sm text-slate-700 dark:text-slate-300">
        {NOTIFICATION_MESSAGES.empty}
      </p>
    );
  } else {
    body = (
      <ul aria-label="Latest notifications" className="space-y-0.5 p-1">
        {list.data.items.map((n) => (
          <NotificationItem key={n.id} n={n} onOpen={open} />
        ))}
      </ul>
    );
  }
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <h2 id="bell-panel-heading" className="text-base font-semibold">
          Notifications
        </h2>
        {count ? (
          <Button variant="ghost" size="sm" disabled={mark.isPending} onClick={() => mark.mutate({})}>
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
      <div className="border-t border-slate-200 p-2 dark:border-slate-700">
        <Link
          href={paths.notifications}
          onClick={close}
          className="block rounded-md px-2 py-2 text-center text-sm font-medium text-blue-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none dark:text-blue-300 dark:hover:bg-slate-800"
        >
          See all notifications
        </Link>
      </div>
    </>
  );
}
