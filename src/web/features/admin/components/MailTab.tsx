// The Mail tab (decision 0043): the notification mail of the outbox, failed by default (what the SMTP server
// kept refusing until the sender gave up after a day), or pending or sent; 20 a page, newest first. Never a
// mail's body: it carries the recipient's personal links.
import { useMemo } from 'react';
import { countOf } from '#domain/count-words';
import { formatAdminDate } from '#domain/format';
import { isNotificationKind, notificationKindInfo } from '#domain/notification-kinds';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { useAdminMail, type MailStatus } from '#web/features/notifications/index.ts';
import { cn } from '#web/lib/cn.ts';
import { adminTimeZone } from '../api/keys.ts';
import { ColumnHeads, TableBox, td, StatusFilter } from './parts.tsx';

const statusLabels: Record<MailStatus, string> = { failed: 'Failed', pending: 'Pending', sent: 'Sent' };

/** A kind's name on /settings, or the digest a mail gathered. */
function kindLabel(kind: string): string {
  if (kind === 'daily') return 'Daily digest';
  if (kind === 'hourly') return 'Hourly digest';
  return isNotificationKind(kind) ? notificationKindInfo[kind].label : kind;
}

export function MailTab() {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const params = useListParams<{ status: MailStatus }>({ status: 'failed' });
  const { status } = params.filters;
  const mail = useAdminMail({ status, page: params.page });

  return (
    <section aria-labelledby="mail-heading">
      <h2 id="mail-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Mail
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Notification mail, newest first. A refused mail is retried with backoff for a day, then listed as
        failed.
      </p>
      <StatusFilter
        id="mail-status"
        search="Filter the mail"
        label="Status"
        labels={statusLabels}
        value={status}
        onChange={(s: MailStatus) => params.setFilter('status', s)}
      />
      <div className="mt-4">
        <ListState
          query={mail}
          loading={<LoadingState text="Loading mail..." />}
          error="Failed to load the mail."
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState text={`No ${statusLabels[status].toLowerCase()} mail.`} />}
        >
          {(data) => {
            const { pageCount, from, to } = pageRange(data.page, data.pageSize || 20, data.total);
            return (
              <>
                <TableBox label={`${statusLabels[status]} mail`}>
                  <table className="w-full min-w-[56rem] border-collapse text-slate-900 dark:text-slate-100">
                    <thead>
                      <tr>
                        <ColumnHeads names={['To', 'Subject', 'Kind', 'Attempts', 'Last error', 'Created']} />
                      </tr>
                    </thead>
                    <tbody>
                      {data.items.map((m) => (
                        <tr key={m.id}>
                          <th scope="row" className={cn(td, 'text-left font-medium break-all')}>
                            {m.to}
                          </th>
                          <td className={cn(td, 'max-w-xs')}>{m.subject}</td>
                          <td className={td}>{kindLabel(m.kind)}</td>
                          <td className={cn(td, 'text-right tabular-nums')}>{m.attempts}</td>
                          <td className={cn(td, 'max-w-sm text-sm break-words')}>{m.lastError ?? '—'}</td>
                          <td className={cn(td, 'whitespace-nowrap')}>
                            {formatAdminDate(m.createdAt, timeZone)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableBox>
                <Pager page={data.page} pageCount={pageCount} onPage={params.setPage} label="Mail pages">
                  {`Showing ${from} to ${to} of ${countOf(data.total, 'mail', 'mails')}`}
                </Pager>
              </>
            );
          }}
        </ListState>
      </div>
    </section>
  );
}
