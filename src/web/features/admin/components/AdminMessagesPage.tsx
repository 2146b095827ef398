// /admin/messages: every conversation on an estimate, searchable, with the
// thread list (at most 600 px tall, scrolling) beside the open thread.
import { countOf } from '#domain/count-words';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import { formatChatTime, formatMoney } from '#domain/format';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { SearchBox } from '#web/components/list/SearchBox.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { useMessageThreads, type AdminMessageThread } from '../api/get-message-threads.ts';
import { adminTimeZone } from '../api/keys.ts';

const threadKey = (t: AdminMessageThread) => `${t.estimateId}:${t.customerId}:${t.providerId}`;

export function AdminMessagesPage() {
  const params = useListParams();
  const list = useMessageThreads({ search: params.query, page: params.page });
  const { isError } = list;
  const [openKey, setOpenKey] = useState<string | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isError) toast({ title: 'Failed to fetch message threads', variant: 'destructive' });
  }, [isError]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
        Admin Panel
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          All Messages
        </h1>
        <Link href={paths.admin} className={buttonClasses('outline', 'sm')}>
          Back to Admin Panel
        </Link>
      </div>
      <div role="search" aria-label="Search message threads" className="mt-6 max-w-md">
        <SearchBox
          id="thread-search"
          label="Search threads"
          placeholder="Task, customer, provider or message"
          value={params.search}
          onChange={params.setSearch}
        />
      </div>

      <div className="mt-6">
        <ListState
          query={list}
          loading={<LoadingState text="Loading message threads..." />}
          error="Failed to fetch message threads"
          isEmpty={(data) => data.threads.length === 0}
          empty={
            <EmptyState text={params.query ? 'No message threads match your search.' : 'No messages yet.'} />
          }
        >
          {(data) => {
            const threads = data.threads;
            const open = threads.find((t) => threadKey(t) === openKey) ?? null;
            const { pageCount } = pageRange(data.page, data.pageSize, data.total);
            return (
              <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <div>
                  <ul
                    aria-label="Message threads"
                    className="max-h-[600px] space-y-2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900"
                  >
                    {threads.map((t) => {
                      const key = threadKey(t);
                      const last = t.messages[t.messages.length - 1];
                      return (
                        <li key={key}>
                          <button
                            type="button"
                            aria-current={key === openKey ? 'true' : undefined}
                            onClick={() => {
                              setOpenKey(key);
                              requestAnimationFrame(() => detailHeading.current?.focus());
                            }}
                            className={cn(
                              'w-full rounded-lg p-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:hover:bg-slate-800',
                              key === openKey && 'bg-blue-50 dark:bg-blue-950',
                            )}
                          >
                            <span className="flex justify-between gap-2">
                              <span className="font-medium text-slate-900 dark:text-white">{t.task}</span>
                              <span className="text-sm text-slate-700 dark:text-slate-300">
                                {formatMoney(t.finalEstimate)}
                              </span>
                            </span>
                            <span className="block text-sm text-slate-700 dark:text-slate-300">
                              {t.customerName} ↔ {t.providerName}
                            </span>
                            <span className="block text-xs text-slate-600 dark:text-slate-400">
                              {countOf(t.messages.length, 'message')}
                              {last
                                ? ` · ${last.content.slice(0, 60)}${last.content.length > 60 ? '…' : ''}`
                                : ''}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                  <Pager page={data.page} pageCount={pageCount} onPage={params.setPage} label="Thread pages">
                    {countOf(data.total, 'thread')}
                  </Pager>
                </div>
                <section
                  aria-labelledby="thread-heading"
                  className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  {open ? (
                    <ThreadDetail thread={open} headingRef={detailHeading} />
                  ) : (
                    <>
                      <h2 id="thread-heading" ref={detailHeading} tabIndex={-1} className="sr-only">
                        Thread
                      </h2>
                      <p className="py-10 text-center text-slate-700 dark:text-slate-300">
                        Choose a thread to read its messages.
                      </p>
                    </>
                  )}
                </section>
              </div>
            );
          }}
        </ListState>
      </div>
    </div>
  );
}

function ThreadDetail({
  thread,
  headingRef,
}: {
  thread: AdminMessageThread;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const now = useMemo(() => new Date(), []);
  return (
    <>
      <h2
        id="thread-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
      >
        {thread.task}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {thread.customerName} (Customer) and {thread.providerName} (Service Provider) · estimate{' '}
        {formatMoney(thread.finalEstimate)}
      </p>
      {thread.messages.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">No messages yet.</p>
      ) : (
        <ol aria-label="Messages" className="mt-4 max-h-[600px] space-y-3 overflow-y-auto">
          {thread.messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'rounded-lg border p-3 text-sm',
                m.senderId === thread.customerId
                  ? 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800'
                  : 'border-blue-200 bg-blue-50 dark:border-blue-900 dark:bg-blue-950',
              )}
            >
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-slate-900 dark:text-white">
                  {m.senderName} ({m.senderId === thread.customerId ? 'Customer' : 'Service Provider'})
                </span>
                <time dateTime={m.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
                  {formatChatTime(m.createdAt, now, timeZone)}
                </time>
              </p>
              <p
                className={cn(
                  'mt-1 whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100',
                  m.isDeleted && 'italic text-slate-600 dark:text-slate-400',
                )}
              >
                {m.isDeleted ? `(deleted) ${m.content}` : m.content}
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
