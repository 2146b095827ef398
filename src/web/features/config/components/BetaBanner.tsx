import { useState } from 'react';
import { Link } from 'wouter';
import { XIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';
import { usePublicConfig } from '../api/get-config.ts';
import { readDismissal, shouldShowBetaBanner, storeDismissal } from '../beta-banner.ts';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The beta notice at the top of every page (40px high at every width), followed by a 40px spacer. */
export function BetaBanner() {
  const { data } = usePublicConfig();
  const [dismissed, setDismissed] = useState(false);
  const [stored] = useState(() => readDismissal(storage()));
  const [now] = useState(() => Date.now());

  if (dismissed || !shouldShowBetaBanner(data?.BETA_MODE, stored, now)) return null;

  const text =
    data?.BETA_BANNER_TEXT?.trim() || 'You are using a beta version. Your feedback helps us improve.';

  return (
    <>
      <div
        data-beta-banner=""
        role="region"
        aria-label="Beta notice"
        className="fixed inset-x-0 top-0 z-40 flex h-10 items-center justify-center gap-2 bg-amber-300 pl-3 pr-10 text-xs leading-4 text-amber-950 sm:gap-3 sm:px-10 sm:text-sm sm:leading-5"
      >
        {/* On a phone the text takes two short lines at most, so the feedback link always stays in view. */}
        <p className="line-clamp-2 min-w-0 sm:line-clamp-1">
          <span className="font-semibold">Beta:</span> {text}
        </p>
        <Link href={paths.feedback} className="shrink-0 font-semibold underline underline-offset-2">
          Give feedback
        </Link>
        <button
          type="button"
          onClick={() => {
            storeDismissal(storage(), Date.now());
            setDismissed(true);
          }}
          aria-label="Dismiss beta notice"
          className="absolute right-2 rounded p-1 hover:bg-amber-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-950"
        >
          <XIcon className="h-4 w-4" />
        </button>
      </div>
      <div aria-hidden="true" data-testid="beta-spacer" className="h-10" />
    </>
  );
}
