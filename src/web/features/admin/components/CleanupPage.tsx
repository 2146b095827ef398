// /admin/cleanup (decision 0014): the accounts that look like test data with
// what each one owns; select some, choose soft or hard, execute, read the results.
import { countOf } from '#domain/count-words';
import { useMemo, useState } from 'react';
import type { CleanupExecuteResponse } from '#domain/schemas/admin-api.schema';
import type { DeletionMode } from '#domain/schemas/admin.schema';
import { formatAdminDate } from '#domain/format';
import { EmptyState, ListState, LoadingState } from '#web/components/list/ListState.tsx';
import { SearchBox } from '#web/components/list/SearchBox.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useCleanupPreview } from '../api/get-cleanup-preview.ts';
import { useExecuteCleanup } from '../api/execute-cleanup.ts';
import { adminTimeZone } from '../api/keys.ts';
import { ColumnHeads, ModeChoice, roleLabels, TableBox, td, th } from './parts.tsx';

export const NO_USERS_SELECTED = 'No users selected';

const columns = [
  'Name',
  'Email',
  'Role',
  'Created',
  'Test data',
  'Estimates',
  'Messages',
  'Posted tasks',
  'Conversations',
];

export function CleanupPage() {
  const timeZone = useMemo(() => adminTimeZone(), []);
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const preview = useCleanupPreview({
    scope: showAll ? 'all' : 'test',
    search: debounced,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [mode, setMode] = useState<DeletionMode>('soft');
  const [confirming, setConfirming] = useState(false);
  const [selectionError, setSelectionError] = useState('');
  const [result, setResult] = useState<CleanupExecuteResponse | null>(null);

  const execute = useExecuteCleanup({
    onSuccess: (res) => {
      setConfirming(false);
      setResult(res);
      setSelected(new Set());
      toast({
        title: `${res.mode === 'hard' ? 'Hard' : 'Soft'} cleanup completed`,
        description: `${countOf(res.userIds.length, 'user')} deleted.`,
        variant: 'success',
      });
    },
    onError: (err) => {
      setConfirming(false);
      toast({
        title: 'Failed to execute cleanup',
        description: errorMessage(err, 'Cleanup failed.'),
        variant: 'destructive',
      });
    },
  });

  const users = preview.data?.users ?? [];
  const visibleSelected = users.filter((u) => selected.has(u.id));
  const all = users.length > 0 && visibleSelected.length === users.length;
  const toggle = (id: string, on: boolean) => {
    setSelectionError('');
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const start = () => {
    if (visibleSelected.length === 0) {
      setSelectionError(NO_USERS_SELECTED);
      toast({
        title: NO_USERS_SELECTED,
        description: 'Select at least one user to clean up.',
        variant: 'destructive',
      });
      return;
    }
    setConfirming(true);
  };
  const nameOf = (id: string) => {
    const u = users.find((x) => x.id === id);
    return u ? `${u.first_name} ${u.last_name} (${u.email})` : id;
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
        Admin Panel
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Test Data Cleanup
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Accounts look like test data when their email is at a test or reserved domain (example.com, test.com,
        mailinator.com, .test, .invalid…), their email starts with or is tagged with a test word (test, demo,
        qa, e2e…), or their first or last name is one. Admins, your own account and deleted accounts are never
        listed.
      </p>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <SearchBox
          id="cleanup-search"
          label="Search"
          placeholder="Name or email"
          className="w-full max-w-sm"
          value={search}
          onChange={setSearch}
        />
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-800 dark:text-slate-200">
          <Checkbox checked={showAll} onCheckedChange={setShowAll} />
          Show every deletable account, not only test-looking ones
        </label>
      </div>

      <div className="mt-6">
        <ListState
          query={preview}
          loading={<LoadingState text="Loading cleanup preview..." />}
          error="Failed to load the cleanup preview."
        >
          {(data) => (
            <>
              <p className="mb-3 text-sm font-medium text-slate-900 dark:text-slate-100" aria-live="polite">
                {countOf(data.totalUsers, 'user')} found
                {users.length < data.totalUsers ? `, showing ${users.length}` : ''}
                {visibleSelected.length > 0 ? ` · ${visibleSelected.length} selected` : ''}
              </p>
              {users.length === 0 ? (
                <EmptyState text={showAll ? 'No deletable users found.' : 'No test users found.'} />
              ) : (
                <TableBox label="Cleanup candidates">
                  <table className="w-full min-w-[60rem] border-collapse text-slate-900 dark:text-slate-100">
                    <thead>
                      <tr>
                        <th scope="col" className={cn(th, 'w-10')}>
                          <Checkbox
                            aria-label="Select all listed users"
                            checked={all}
                            onCheckedChange={(on) => {
                              setSelectionError('');
                              setSelected(on ? new Set(users.map((u) => u.id)) : new Set());
                            }}
                          />
                        </th>
                        <ColumnHeads names={columns} />
                      </tr>
                    </thead>
                    <tbody>
                      {users.map((u) => {
                        const name = `${u.first_name} ${u.last_name}`.trim() || u.email;
                        return (
                          <tr key={u.id}>
                            <td className={td}>
                              <Checkbox
                                aria-label={`Select ${name}`}
                                checked={selected.has(u.id)}
                                onCheckedChange={(on) => toggle(u.id, on)}
                              />
                            </td>
                            <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-medium')}>
                              {name}
                            </th>
                            <td className={cn(td, 'whitespace-nowrap')}>{u.email}</td>
                            <td className={td}>{roleLabels[u.role]}</td>
                            <td className={cn(td, 'whitespace-nowrap')}>
                              {formatAdminDate(u.created_at, timeZone)}
                            </td>
                            <td className={td}>{u.is_test ? 'Yes' : 'No'}</td>
                            <td className={td}>{u.counts.estimates}</td>
                            <td className={td}>{u.counts.messages}</td>
                            <td className={td}>{u.counts.posted_tasks}</td>
                            <td className={td}>{u.counts.conversations}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </TableBox>
              )}
              <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end">
                <ModeChoice name="cleanup-mode" value={mode} onChange={setMode} />
                <div>
                  {selectionError && (
                    <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
                      {selectionError}
                    </p>
                  )}
                  <Button variant="destructive" onClick={start} disabled={execute.isPending}>
                    {execute.isPending ? 'Cleaning up…' : 'Execute Cleanup'}
                  </Button>
                </div>
              </div>
            </>
          )}
        </ListState>
      </div>

      {result && (
        <section
          aria-labelledby="cleanup-results"
          className="mt-8 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="cleanup-results" className="text-lg font-semibold text-slate-900 dark:text-white">
            {result.mode === 'hard' ? 'Hard' : 'Soft'} cleanup completed
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {countOf(result.userIds.length, 'user')} deleted.
          </p>
          <ul className="mt-3 space-y-1 text-sm text-slate-900 dark:text-slate-100">
            {result.results.map((r) => (
              <li key={r.userId}>
                {nameOf(r.userId)}: {r.status}
                {r.reason ? ` (${r.reason})` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title="Execute Cleanup"
          description={`${mode === 'hard' ? 'Permanently delete' : 'Soft delete'} ${countOf(visibleSelected.length, 'user')}?`}
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {mode === 'hard'
              ? 'Their accounts and all of their data are removed for good.'
              : 'They are signed out and their personal data is redacted; their estimates and messages stay.'}
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={execute.isPending}
              onClick={() => execute.mutate({ userIds: visibleSelected.map((u) => u.id), mode })}
            >
              {execute.isPending ? 'Cleaning up…' : `Delete ${countOf(visibleSelected.length, 'user')}`}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
