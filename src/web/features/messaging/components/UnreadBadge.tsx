// The unread count beside Messages (navigation, dashboard cards); nothing when there is nothing unread.
import { cn } from '#web/lib/cn.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';

export function UnreadBadge({ className }: { className?: string }) {
  const count = useUnreadCount();
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold leading-5 text-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
