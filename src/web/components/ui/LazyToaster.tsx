// The toaster of every page, loaded with the first toast: the Radix toast code is not part of the first load.
import { lazy, Suspense, useState } from 'react';
import { LoadBoundary } from '../LoadBoundary.tsx';
import { useToasts } from './use-toast.ts';

const Toaster = lazy(async () => ({ default: (await import('./Toaster.tsx')).Toaster }));

/** Renders nothing until a toast is raised, then the Radix toaster (which stays mounted from then on). */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </LoadBoundary>
  );
}
