// A small tooltip that opens after 700 ms (300 ms skip delay between tips). It is in every
// header, so it is built without a positioning library: the tip sits centred under its trigger.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When a tooltip last closed: another one opening within the skip delay opens at once. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Kept for the providers' shape; the timing lives in this module. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/**
 * Shows `content` under `children` after a pointer rests on it for 700 ms (at once within 300 ms of another
 * tooltip closing), and at once on keyboard focus; Escape, leaving, blur or a press hide it. Touch never opens
 * it. The trigger should carry the same text as its accessible name (icon buttons have an aria-label).
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerDown = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (now: boolean) => {
    clearTimeout(timer.current);
    if (now || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = performance.now();
      return false;
    });
  };

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'touch') show(false);
      }}
      onPointerLeave={hide}
      onPointerDown={() => {
        pointerDown.current = true;
        hide();
      }}
      onPointerUp={() => {
        pointerDown.current = false;
      }}
      onFocus={() => {
        if (!pointerDown.current) show(true);
      }}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) hide();
      }}
    >
      {children}
      {open && (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute left-1/2 top-full z-50 mt-1 -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow dark:bg-slate-100 dark:text-slate-900"
        >
          {content}
        </span>
      )}
    </span>
  );
}
