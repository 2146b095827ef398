// /messages/{estimateId}/{userId} and /provider/messages/{estimateId}/{otherId}: the estimate's title (or
// "Conversation") in full, wrapping on a phone, and under it who the conversation is with; a back arrow to the
// list, the Connected / Offline indicator and the thread.
import { Link } from 'wouter';
import { LoadingText } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { cn } from '#web/lib/cn.ts';
import { focusRing } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import type { RouteParams } from '#web/lib/routing.ts';
import { useThread, type Thread } from '../api/get-thread.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { ConversationThread } from './ConversationThread.tsx';

const roleNames = { customer: 'Customer', provider: 'Service Provider', admin: 'Admin' } as const;

/**
 * "Pat L. (Service Provider)": the name one user shows another (first name and last initial), as the other
 * person's messages carry it; their first name alone until they have written.
 */
export function conversationWith(thread: Thread | undefined, otherId: string): string | null {
  const other = thread?.other;
  if (!other) return null;
  const theirs = thread.messages.findLast((m) => m.senderId === otherId && m.senderName.trim() !== '');
  return `${theirs?.senderName ?? other.firstName} (${roleNames[other.role]})`;
}

export function ConversationPage({ params }: { params: RouteParams }) {
  const { user } = useAuth();
  const estimateId = params.estimateId ?? '';
  const otherId = params.userId ?? '';
  const { data } = useThread(estimateId, otherId, user !== null);
  if (!user) return <LoadingText />;
  const title = data?.estimateTitle;
  const withWhom = conversationWith(data, otherId);
  const back = user.role === 'provider' ? paths.providerMessages : paths.messages;
  return (
    <div className="mx-auto flex h-[calc(100dvh-9rem)] min-h-[28rem] max-w-3xl flex-col px-4 py-6 md:h-[calc(100dvh-5rem)]">
      <div className="mb-4 flex items-start gap-3">
        <Link
          href={back}
          aria-label="Back to messages"
          className={cn(
            'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
            focusRing,
          )}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <path d="M19 12H5M12 19l-7-7 7-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
        <div className="min-w-0 flex-1 self-center">
          <h1 className="text-xl font-bold leading-tight tracking-tight text-slate-900 [overflow-wrap:anywhere] dark:text-white sm:text-2xl">
            {title || 'Conversation'}
          </h1>
          {withWhom && (
            <p className="mt-0.5 text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
              with <span className="font-medium text-slate-900 dark:text-white">{withWhom}</span>
            </p>
          )}
        </div>
        <ConnectionIndicator className="mt-2.5 shrink-0" />
      </div>
      <ConversationThread className="flex-1" estimateId={estimateId} otherId={otherId} viewerId={user.id} />
    </div>
  );
}
