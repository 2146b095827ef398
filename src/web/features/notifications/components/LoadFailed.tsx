// What the notification screens say when a read failed: the sentence and Try again, as an alert.
import { Button } from '#web/components/ui/button.tsx';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
