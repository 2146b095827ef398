// The dialog around an account form (Radix dialog: focus trap, scroll lock, Escape), loaded when a header button
// is first pointed at, focused or pressed (see AuthDialogs.tsx).
import { Suspense, type ReactNode, type RefObject } from 'react';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

export interface AuthDialogPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  className?: string;
  /** The header button: focus goes back to it when the dialog closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

export function AuthDialogPanel({
  open,
  onOpenChange,
  title,
  description,
  className,
  returnFocusTo,
  children,
}: AuthDialogPanelProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        className={className}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <LoadBoundary
          fallback={
            <Alert variant="destructive">
              The form could not load. Check your connection, then close this and try again.
            </Alert>
          }
        >
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </LoadBoundary>
      </DialogContent>
    </Dialog>
  );
}
