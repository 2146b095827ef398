// The frame of the provider's credentials and portfolio screens: the way back to the business profile, the
// heading and a short line under it, then the screen's cards; and the confirmation both ask before a deletion.
import { useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';

export const linkClasses =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:hover:text-blue-200';

export function Screen({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <Link href="/provider/profile" className={`${linkClasses} text-sm`}>
        <span aria-hidden="true">← </span>Business Profile
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      <div className="mt-2 text-slate-700 dark:text-slate-300">{intro}</div>
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

/** A titled card; the heading (focusable, for moving focus after a change) names the region. */
export function Panel({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="rounded text-lg font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white"
        >
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}

/**
 * A Delete button and the dialog that confirms it. `onConfirm` deletes (a mutation's mutateAsync, whose own
 * callbacks tell the outcome); once it succeeded the dialog closes and, the card being gone, focus goes where
 * `onDeleted` puts it instead of to the vanished button. A failed deletion leaves the dialog open.
 */
export function ConfirmDelete({
  label,
  title,
  description,
  confirmText,
  pending,
  onConfirm,
  onDeleted,
}: {
  /** The button's accessible name, e.g. "Delete the Florida license #123". */
  label: string;
  title: string;
  description: string;
  confirmText: string;
  pending: boolean;
  onConfirm: () => Promise<unknown>;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const confirm = () =>
    onConfirm().then(
      () => {
        done.current = true;
        setOpen(false);
      },
      () => undefined,
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive" aria-label={label}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title={title}
        description={description}
        onCloseAutoFocus={(e) => {
          if (!done.current) return;
          done.current = false;
          e.preventDefault();
          onDeleted();
        }}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={() => void confirm()}>
            {pending ? 'Deleting…' : confirmText}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
