import { Toast } from 'radix-ui';
import { cn } from '#web/lib/cn.ts';
import { XIcon } from './icons.tsx';
import { dismissToast, TOAST_DURATION, useToasts, type ToastVariant } from './use-toast.ts';

const variants: Record<ToastVariant, string> = {
  default:
    'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  success:
    'border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50',
  destructive: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
};

/** Radix toasts: 5 s each, swipe right past 50 px to dismiss, at most 420px wide from medium screens. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition-all',
            variants[t.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <XIcon className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* On a phone, a page with the bottom bar (data-bottom-bar) keeps its toasts above the bar, not over it. */}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none max-md:[:root:has([data-bottom-bar])_&]:bottom-[calc(3.5rem+env(safe-area-inset-bottom))] md:max-w-[420px]" />
    </Toast.Provider>
  );
}
