// /messages and /provider/messages: one row per conversation (estimate and other user),
// newest first, with the last message, its time and an unread badge; the Connected / Offline indicator.
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatChatTime, responseTimeLabel } from '#domain/format';
import { REMOVED_MESSAGE_TEXT } from '#domain/messages';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { paths } from '#web/lib/paths.ts';
import { useConversations, type Conversation } from '../api/get-conversations.ts';
import { useNow } from '../hooks/useNow.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';

const roleText = (role: Conversation['otherRole']) =>
  role === 'provider' ? 'Service Provider' : role === 'customer' ? 'Customer' : 'Admin';

export function MessagesPage() {
  const { user } = useAuth();
  const { data, isLoading, isError } = useConversations();
  const now = useNow();
  const tz = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const provider = user?.role === 'provider';
  const href = (c: Conversation) =>
    provider
      ? paths.providerConversation(c.estimateId, c.otherId)
      : paths.conversation(c.estimateId, c.otherId);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Messages</h1>
        <ConnectionIndicator />
      </div>
      <div className="mt-6">
        {isLoading ? (
          <Spinner label="Loading messages" />
        ) : isError ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 p-6 text-center text-red-700 dark:border-red-900 dark:text-red-300"
          >
            Error loading messages.
          </p>
        ) : !data || data.length === 0 ? (
          <p className="rounded-lg border border-slate-200 p-10 text-center text-slate-600 dark:border-slate-800 dark:text-slate-400">
            No messages yet.
          </p>
        ) : (
          <ul
            aria-label="Conversations"
            className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {data.map((c) => (
              <li key={`${c.estimateId}:${c.otherId}`}>
                <Link
                  href={href(c)}
                  className="flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-600 dark:hover:bg-slate-800"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <p className="truncate font-semibold text-slate-900 dark:text-white">
                        {c.otherName || 'Other User'}{' '}
                        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                          ({roleText(c.otherRole)})
                        </span>
                      </p>
                      <time
                        dateTime={c.lastMessageDate}
                        className="shrink-0 text-xs text-slate-600 dark:text-slate-400"
                      >
                        {formatChatTime(c.lastMessageDate, now, tz)}
                      </time>
                    </div>
                    {c.otherRole === 'provider' && c.otherMedianResponseSeconds !== null && (
                      <p className="text-xs text-emerald-800 dark:text-emerald-300">
                        {responseTimeLabel(c.otherMedianResponseSeconds)}
                      </p>
                    )}
                    <p className="truncate text-sm text-slate-700 dark:text-slate-300">
                      {c.estimateTitle || 'Conversation'}
                    </p>
                    <div className="mt-0.5 flex items-center justify-between gap-2">
                      <p
                        className={
                          c.unreadCount > 0
                            ? 'truncate text-sm font-semibold text-slate-900 dark:text-white'
                            : 'truncate text-sm text-slate-600 dark:text-slate-400'
                        }
                      >
                        {c.lastMessageIsDeleted ? REMOVED_MESSAGE_TEXT : c.lastMessage}
                      </p>
                      {c.unreadCount > 0 && (
                        <span className="shrink-0 rounded-full bg-red-600 px-2 text-xs font-semibold leading-5 text-white">
                          {c.unreadCount}
                          <span className="sr-only"> unread</span>
                        </span>
                      )}
                    </div>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
