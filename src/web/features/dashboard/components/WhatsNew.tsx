// The customer dashboard's first block, "What's new": conversations with unread messages and posted estimates
// that have bids, each a link to where to act on it. It comes before the stat cards so a phone's first screen
// shows what changed.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { countOf } from '#domain/count-words';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useConversations } from '#web/features/messaging/index.ts';
import { paths } from '#web/lib/paths.ts';
import { usePostedWithBids } from '../api/get-posted-with-bids.ts';

const SHOWN = 3;

const linkClass =
  'font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-300 [overflow-wrap:anywhere]';

export function WhatsNew() {
  const conversations = useConversations();
  const bids = usePostedWithBids();
  const unread = (conversations.data ?? []).filter((c) => c.unreadCount > 0).slice(0, SHOWN);
  const withBids = (bids.data ?? []).slice(0, SHOWN);
  const failed = [conversations, bids].filter((q) => q.isError);
  const settled = !conversations.isPending && !bids.isPending;
  let body: ReactNode = null;
  if (unread.length === 0 && withBids.length === 0) {
    if (!settled) body = <Spinner label="Loading what's new" />;
    else if (failed.length === 0)
      body = (
        <p className="text-slate-700 dark:text-slate-300">
          Nothing new. New messages and bids on your posted estimates show up here.
        </p>
      );
  } else
    body = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {unread.map((c) => (
          <li key={`${c.estimateId}:${c.otherId}`} className="py-3">
            <Link href={paths.conversation(c.estimateId, c.otherId)} className={linkClass}>
              {c.otherName} sent {countOf(c.unreadCount, 'new message')}
            </Link>
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
              About {c.estimateTitle}
            </p>
          </li>
        ))}
        {withBids.map((e) => (
          <li key={e.id} className="py-3">
            <Link href={paths.estimate(e.id)} className={linkClass}>
              {countOf(e.bidCount, 'bid')} on {e.title}
            </Link>
            <p className="text-sm text-slate-700 dark:text-slate-300">Compare the offers and accept one.</p>
          </li>
        ))}
      </ul>
    );
  return (
    <section
      aria-labelledby="whats-new"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="whats-new" className="text-lg font-semibold text-slate-900 dark:text-white">
        What&apos;s new
      </h2>
      <div className="mt-2">{body}</div>
      {failed.length > 0 && (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
          <p>
            {conversations.isError && bids.isError
              ? 'Failed to load your messages and bids.'
              : conversations.isError
                ? 'Failed to load your messages.'
                : 'Failed to load the bids on your estimates.'}
          </p>
          <Button variant="outline" size="sm" onClick={() => failed.forEach((q) => void q.refetch())}>
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}
