// "Connected" / "Offline" beside a conversation: a dot and the word, announced politely.
import { cn } from '#web/lib/cn.ts';
import { useConnectionStatus } from '../realtime/status.ts';

export function ConnectionIndicator({ className }: { className?: string }) {
  const connected = useConnectionStatus() === 'connected';
  return (
    <span
      role="status"
      aria-live="polite"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium',
        connected
          ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('h-2 w-2 rounded-full', connected ? 'bg-green-600' : 'bg-slate-500')}
      />
      {connected ? 'Connected' : 'Offline'}
    </span>
  );
}
