// The Deletion Preview dialog of a bulk deletion: what each selected user owns, the protected ones excluded
// with the reason, and the mode (soft, recommended, by default).
import { countOf } from '#domain/count-words';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { bulkDeleteSchema, type DeletionPreviewItem } from '#domain/schemas/admin-api.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import type { BulkDeleteBody } from '../api/bulk-delete.ts';
import { ColumnHeads, fullName, ModeChoice, TableBox, td } from './parts.tsx';

export interface DeletionPreviewDialogProps {
  items: DeletionPreviewItem[];
  pending: boolean;
  onClose: () => void;
  onConfirm: (body: BulkDeleteBody) => void;
}

export function DeletionPreviewDialog({ items, pending, onClose, onConfirm }: DeletionPreviewDialogProps) {
  const deletable = items.filter((i) => i.canDelete);
  const protectedCount = items.length - deletable.length;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(bulkDeleteSchema),
    defaultValues: { userIds: deletable.map((i) => i.userId), mode: 'soft' },
  });
  const submit = handleSubmit(onConfirm);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Deletion Preview"
        className="max-w-3xl"
        description={`${deletable.length} of ${countOf(items.length, 'selected user')} can be deleted.${
          protectedCount > 0 ? ` ${countOf(protectedCount, 'protected user')} will be excluded.` : ''
        }`}
      >
        <TableBox label="Users to delete">
          <table className="w-full min-w-[46rem] border-collapse">
            <thead>
              <tr>
                <ColumnHeads
                  names={[
                    'User',
                    'Records',
                    'Messages',
                    'Estimates',
                    'Jobs',
                    'Reviews',
                    'Sessions',
                    'Status',
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.userId} className={cn(!i.canDelete && 'text-slate-600 dark:text-slate-400')}>
                  <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-normal')}>
                    {i.user ? (
                      <>
                        <span className="block font-medium">{fullName(i.user)}</span>
                        <span className="block whitespace-nowrap text-xs">{i.user.email}</span>
                      </>
                    ) : (
                      <span>Unknown user</span>
                    )}
                  </th>
                  <td className={td}>{i.totalRecords}</td>
                  <td className={td}>{i.counts.messages}</td>
                  <td className={td}>{i.counts.estimates}</td>
                  <td className={td}>{i.counts.jobs}</td>
                  <td className={cn(td, 'whitespace-nowrap')}>
                    {i.counts.reviewsWritten} written · {i.counts.reviewsReceived} received
                  </td>
                  <td className={td}>{i.counts.sessions}</td>
                  <td className={td}>
                    {i.canDelete ? (
                      <span className="font-medium text-slate-900 dark:text-slate-100">Will be deleted</span>
                    ) : (
                      <span>
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                          Protected
                        </span>
                        {i.reason && <span className="mt-1 block text-xs">{i.reason}</span>}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
        <div className="mt-4">
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <ModeChoice name="bulk-delete-mode" value={field.value ?? 'soft'} onChange={field.onChange} />
            )}
          />
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={deletable.length === 0 || pending}
            onClick={() => void submit()}
          >
            {pending ? 'Deleting…' : `Delete ${countOf(deletable.length, 'user')}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
