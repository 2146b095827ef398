// The Audit Log tab: every admin action, newest first, 20 a page, filtered by
// admin and action type, each entry's details in sentences. Entries are read-only.
import { useMemo } from 'react';
import { countOf } from '#domain/count-words';
import type { AuditEntry } from '#domain/schemas/admin-api.schema';
import { formatAdminDate } from '#domain/format';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { useUsers } from '../api/get-users.ts';
import { adminTimeZone } from '../api/keys.ts';
import { auditActionTypes } from '#domain/schemas/admin-api.schema';
import { describeAuditDetails } from '../audit-details.ts';
import { ColumnHeads, fullName, TableBox, td } from './parts.tsx';

export function AuditTab() {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const params = useListParams({ adminId: '', actionType: '' });
  const { adminId, actionType } = params.filters;
  const admins = useUsers({ role: 'admin', page: 1, deleted: 'include' });
  const log = useAuditLog({ adminId, actionType, page: params.page });

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Audit Log
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">Every change an admin made, newest first.</p>
      <div
        role="search"
        aria-label="Filter the audit log"
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="space-y-1.5">
          <Label htmlFor="audit-admin">Admin</Label>
          <select
            id="audit-admin"
            className={cn(fieldClasses, 'h-10')}
            value={adminId}
            onChange={(e) => params.setFilter('adminId', e.target.value)}
          >
            <option value="">All admins</option>
            {(admins.data?.users ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {fullName(a)} ({a.email})
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-action">Action type</Label>
          <select
            id="audit-action"
            className={cn(fieldClasses, 'h-10')}
            value={actionType}
            onChange={(e) => params.setFilter('actionType', e.target.value)}
          >
            <option value="">All actions</option>
            {auditActionTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4">
        <ListState
          query={log}
          loading={<LoadingState text="Loading audit log..." />}
          error="Failed to load the audit log."
          isEmpty={(data) => data.entries.length === 0}
          empty={
            <EmptyState
              text={params.filtered ? 'No audit entries match your filters.' : 'No admin actions yet.'}
            />
          }
        >
          {(data) => {
            const { pageCount, from, to } = pageRange(data.page, data.pageSize || 20, data.total);
            return (
              <>
                <AuditTable entries={data.entries} timeZone={timeZone} />
                <Pager page={data.page} pageCount={pageCount} onPage={params.setPage} label="Audit log pages">
                  {`Showing ${from} to ${to} of ${countOf(data.total, 'entry', 'entries')}`}
                </Pager>
              </>
            );
          }}
        </ListState>
      </div>
    </section>
  );
}

function AuditTable({ entries, timeZone }: { entries: readonly AuditEntry[]; timeZone: string }) {
  return (
    <TableBox label="Audit entries">
      <table className="w-full min-w-[56rem] border-collapse text-slate-900 dark:text-slate-100">
        <thead>
          <tr>
            <ColumnHeads names={['When', 'Action', 'Admin', 'Target user', 'Details']} />
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={cn(td, 'whitespace-nowrap')}>{formatAdminDate(e.timestamp, timeZone)}</td>
              <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-medium')}>
                {e.actionType}
              </th>
              <td className={td}>
                <span className="block">{e.adminName ?? '—'}</span>
                <span className="block break-all text-xs text-slate-600 dark:text-slate-400">
                  {e.adminEmail}
                </span>
              </td>
              <td className={td}>
                <span className="block">{e.targetUserName ?? '—'}</span>
                <span className="block break-all text-xs text-slate-600 dark:text-slate-400">
                  {e.targetUserEmail}
                </span>
              </td>
              <td className={cn(td, 'max-w-md text-sm')}>
                {describeAuditDetails(e.actionType, e.details, timeZone)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
