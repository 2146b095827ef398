// The dashboards' message cards: the most recent conversations (3 by default) with the
// other person, the estimate, the last message and an unread count, each linking to its thread. Live through
// the realtime channel, which refreshes the conversation list.
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatChatTime } from '#domain/format';
import { REMOVED_MESSAGE_TEXT } from '#domain/messages';
import { useAuth } from '#web/features/auth/index.ts';
import { paths } from '#web/lib/paths.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useNow } from '../hooks/useNow.ts';
import { LoadingConversations } from './LoadingConversations.tsx';

export function RecentConversations({
  limit = 3,
  empty = 'No messages yet.',
}: {
  limit?: number;
  empty?: string;
}) {
  const { user } = useAuth();
  const { data, isLoading, isError } = useConversations();
  const now = useNow();
  const tz = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  if (isLoading) return <LoadingConversations />;
  if (isError)
    return (
      <p role="alert" className="mt-4 text-red-800 dark:text-red-300">
        Error loading messages.
      </p>
    );
  if (!data?.length) return <p className="mt-4 text-slate-700 dark:text-slate-300">{empty}</p>;
  const provider = user?.role === 'provider';
  return (
    <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
      {data.slice(0, limit).map((c) => (
        <li key={`${c.estimateId}:${c.otherId}`} className="py-3">
          <Link
            href={
              provider
                ? paths.providerConversation(c.estimateId, c.otherId)
                : paths.conversation(c.estimateId, c.otherId)
            }
            className="block rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="truncate font-medium text-slate-900 dark:text-white">
                {c.otherName || 'Other User'}
              </span>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                {formatChatTime(c.lastMessageDate, now, tz)}
              </span>
            </span>
            <span className="block truncate text-xs text-slate-700 dark:text-slate-300">
              {c.estimateTitle || 'Conversation'}
            </span>
            <span className="flex items-center justify-between gap-2">
              <span className="truncate text-sm text-slate-700 dark:text-slate-300">
                {c.lastMessageIsDeleted ? REMOVED_MESSAGE_TEXT : c.lastMessage}
              </span>
              {c.unreadCount > 0 && (
                <span className="shrink-0 rounded-full bg-red-600 px-2 text-xs font-semibold leading-5 text-white">
                  {c.unreadCount}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
