// /messages/{estimateId}/{userId} and /provider/messages/{estimateId}/{otherId}: the estimate's title (or
// "Conversation"), a back arrow to the list, the Connected / Offline indicator and the thread.
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadingText } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { cn } from '#web/lib/cn.ts';
import { focusRing } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import type { RouteParams } from '#web/lib/routing.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { ConversationThread } from './ConversationThread.tsx';

export function ConversationPage({ params }: { params: RouteParams }) {
  const { user } = useAuth();
  const [title, setTitle] = useState('');
  const estimateId = params.estimateId ?? '';
  const otherId = params.userId ?? '';
  if (!user) return <LoadingText />;
  const back = user.role === 'provider' ? paths.providerMessages : paths.messages;
  return (
    <div className="mx-auto flex h-[calc(100dvh-9rem)] min-h-[28rem] max-w-3xl flex-col px-4 py-6 md:h-[calc(100dvh-5rem)]">
      <div className="mb-4 flex items-center gap-3">
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
        <h1 className="min-w-0 flex-1 truncate text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {title || 'Conversation'}
        </h1>
        <ConnectionIndicator />
      </div>
      <ConversationThread
        className="flex-1"
        estimateId={estimateId}
        otherId={otherId}
        viewerId={user.id}
        onTitle={setTitle}
      />
    </div>
  );
}
