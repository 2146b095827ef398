// One conversation's thread and composer: oldest first with "Load earlier" for
// long threads, scrolled to the newest, "You" / first name / "Other User" with the role, chat times, delete of
// one's own messages (confirmed), Enter sends and Shift+Enter starts a new line. Used by the conversation pages
// and by the message dialog on posted estimates.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatChatTime, senderLabel } from '#domain/format';
import { REMOVED_MESSAGE_TEXT } from '#domain/messages';
import { FIRST_MESSAGE, firstMessageError } from '#domain/schemas/message.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { getThread, useThread, type Message } from '../api/get-thread.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { useNow } from '../hooks/useNow.ts';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface ConversationThreadProps {
  estimateId: string;
  otherId: string;
  viewerId: string;
  className?: string;
}

export function ConversationThread({ estimateId, otherId, viewerId, className }: ConversationThreadProps) {
  const { data, isLoading, isError, error } = useThread(estimateId, otherId);
  const refusal = isError ? parseApiError(error) : null;
  const [older, setOlder] = useState<Message[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const now = useNow();
  const tz = useMemo(() => timeZone(), []);

  const messages = useMemo(() => {
    const latest = data?.messages ?? [];
    const seen = new Set(latest.map((m) => m.id));
    return [...older.filter((m) => !seen.has(m.id)), ...latest];
  }, [older, data?.messages]);
  const nextBefore = cursor === undefined ? (data?.nextBefore ?? null) : cursor;
  const otherRole = data?.other?.role;
  const roleForLabel = otherRole === 'customer' || otherRole === 'provider' ? otherRole : null;

  // What arrives while the thread is open is read at once.
  const markRead = useMarkRead();
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const ids = messages
      .filter((m) => m.receiverId === viewerId && !m.read && !m.isDeleted && !asked.current.has(m.id))
      .map((m) => m.id);
    if (ids.length === 0) return;
    for (const id of ids) asked.current.add(id);
    markRead.mutate(ids);
  }, [messages, viewerId, markRead]);

  // Scroll to the newest message when it changes (not when earlier ones are prepended).
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    const el = listRef.current;
    if (el && newestId) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  const loadEarlier = async () => {
    if (!nextBefore) return;
    setLoadingEarlier(true);
    try {
      const page = await getThread(estimateId, otherId, nextBefore);
      setOlder((prev) => [...page.messages, ...prev]);
      setCursor(page.nextBefore);
    } catch {
      toast({ title: 'Error loading messages.', variant: 'destructive' });
    } finally {
      setLoadingEarlier(false);
    }
  };

  const remove = useDeleteMessage(viewerId, {
    onSuccess: (res) => setOlder((prev) => prev.map((m) => (m.id === res.message.id ? res.message : m))),
    onError: () => toast({ title: 'Failed to delete message', variant: 'destructive' }),
  });

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      {isLoading ? (
        <Spinner label="Loading messages" />
      ) : isError ? (
        <p role="alert" className="p-6 text-center text-red-700 dark:text-red-300">
          {refusal?.status === 403 && refusal.message ? refusal.message : 'Error loading messages.'}
        </p>
      ) : (
        <ol
          ref={listRef}
          aria-label="Messages"
          tabIndex={0}
          className="min-h-48 flex-1 space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-800 dark:bg-slate-950"
        >
          {nextBefore && (
            <li className="text-center">
              <Button variant="ghost" size="sm" onClick={() => void loadEarlier()} disabled={loadingEarlier}>
                {loadingEarlier ? 'Loading…' : 'Load earlier messages'}
              </Button>
            </li>
          )}
          {messages.length === 0 && (
            <li className="py-10 text-center text-slate-600 dark:text-slate-400">
              No messages yet. Start the conversation!
            </li>
          )}
          {messages.map((m) => {
            const mine = m.senderId === viewerId;
            return (
              <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm',
                    mine
                      ? 'bg-blue-700 text-white dark:bg-blue-600'
                      : 'bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100',
                  )}
                >
                  <div className="flex items-baseline gap-2 text-xs">
                    <span className="font-semibold">{senderLabel(m, viewerId, roleForLabel)}</span>
                    <time
                      dateTime={m.createdAt}
                      className={mine ? 'text-blue-100' : 'text-slate-600 dark:text-slate-300'}
                    >
                      {formatChatTime(m.createdAt, now, tz)}
                    </time>
                  </div>
                  {m.isDeleted ? (
                    <p className="mt-1 italic opacity-90">{REMOVED_MESSAGE_TEXT}</p>
                  ) : (
                    <p className="mt-1 whitespace-pre-wrap break-words">{m.content}</p>
                  )}
                  {mine && !m.isDeleted && (
                    <div className="mt-1 flex items-center justify-end gap-2 text-xs text-blue-100">
                      {m.read && <span>Read</span>}
                      <button
                        type="button"
                        className="rounded underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                        aria-label="Delete message"
                        onClick={() => setConfirmId(m.id)}
                      >
                        Delete
                      </button>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Composer
        estimateId={estimateId}
        otherId={otherId}
        viewerId={viewerId}
        first={!isLoading && !isError && messages.length === 0}
      />
      <Dialog open={confirmId !== null} onOpenChange={(o) => !o && setConfirmId(null)}>
        <DialogContent title="Delete this message?" description="The other person will see it as removed.">
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                if (confirmId) remove.mutate(confirmId);
                setConfirmId(null);
              }}
            >
              Delete
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Composer({
  estimateId,
  otherId,
  viewerId,
  first,
}: {
  estimateId: string;
  otherId: string;
  viewerId: string;
  /** No message yet: a provider's first one must be an introduction of 20 characters or more. */
  first: boolean;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { user } = useAuth();
  const intro = first && user?.role === 'provider';
  const send = useSendMessage(viewerId, {
    onSuccess: () => {
      setText('');
      toast({ title: 'Message sent', variant: 'success' });
    },
    onError: (err) => {
      const { status, message } = parseApiError(err);
      if (status !== null && status < 500 && message) {
        toast({ title: 'Failed to send message', description: message, variant: 'destructive' });
      } else if (status !== null) {
        toast({ title: 'Failed to send message', variant: 'destructive' });
      } else {
        toast({ title: 'An error occurred while sending message', variant: 'destructive' });
      }
    },
  });
  const blank = text.trim() === '';
  const submit = () => {
    if (send.isPending) return;
    if (intro) {
      const error = firstMessageError(text);
      setProblem(error);
      if (error) return;
    }
    if (blank) return;
    send.mutate({ estimateId, receiverId: otherId, content: text.trim() });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="mt-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={`composer-${estimateId}-${otherId}`} className="sr-only">
          Message
        </label>
        <textarea
          id={`composer-${estimateId}-${otherId}`}
          rows={2}
          value={text}
          maxLength={5000}
          aria-invalid={problem ? true : undefined}
          aria-describedby={intro ? `composer-hint-${estimateId}-${otherId}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(firstMessageError(e.target.value));
          }}
          onKeyDown={onKeyDown}
          placeholder={intro ? 'Introduce yourself and your offer…' : 'Type your message...'}
          className="min-h-11 flex-1 resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 sm:text-sm"
        />
        <Button type="submit" disabled={(!intro && blank) || send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
      {intro && (
        <p
          id={`composer-hint-${estimateId}-${otherId}`}
          role={problem ? 'alert' : undefined}
          className={cn(
            'mt-1 text-xs',
            problem ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {problem ?? `Your first message: at least ${FIRST_MESSAGE.min} characters.`}
        </p>
      )}
    </form>
  );
}
