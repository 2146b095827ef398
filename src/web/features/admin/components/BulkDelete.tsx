// Bulk deletion from the Users tab: the bar over the selection ("1 user selected", "3 users selected"), the Deletion Preview
// (protected users excluded, soft by default), the deletion itself and its results.
import { lazy, Suspense, useState } from 'react';
import type { AdminUser, DeletionPreviewItem } from '#domain/schemas/admin-api.schema';
import { selectedUsersText } from '#domain/format';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useBulkDelete } from '../api/bulk-delete.ts';
import { useDeletionPreview } from '../api/get-deletion-preview.ts';
import type { Selection } from '../hooks/useSelection.ts';
import { DeletionResultsDialog, type DeletionResults } from './DeletionResultsDialog.tsx';
import { looksProtected } from './parts.tsx';

// A form dialog: it loads on first use, with its checks (zod and the shared admin schema).
const DeletionPreviewDialog = lazy(async () => ({
  default: (await import('./DeletionPreviewDialog.tsx')).DeletionPreviewDialog,
}));

export function BulkDelete({
  selection,
  myId,
}: {
  selection: Selection<AdminUser>;
  myId: string | undefined;
}) {
  const [preview, setPreview] = useState<DeletionPreviewItem[] | null>(null);
  const [results, setResults] = useState<DeletionResults | null>(null);
  const count = selection.selected.size;
  const anyDeletable = [...selection.selected.values()].some((u) => !looksProtected(u, myId));

  const previewCall = useDeletionPreview({
    onSuccess: (items) => setPreview(items),
    onError: () =>
      toast({
        title: 'Preview failed — check server logs',
        description: 'Failed to load deletion preview.',
        variant: 'destructive',
      }),
  });

  const bulk = useBulkDelete({
    onSuccess: (response) => {
      const title = `${response.mode === 'hard' ? 'Hard' : 'Soft'} deletion completed`;
      toast({
        title,
        description: `Deleted: ${response.deleted}, skipped: ${response.skipped}, failed: ${response.failed}`,
        variant: response.failed > 0 ? 'destructive' : 'success',
      });
      setResults({ response, preview: preview ?? [] });
      setPreview(null);
      selection.clear();
    },
    onError: (err) =>
      toast({
        title: 'Error deleting users',
        description: errorMessage(err, 'Failed to delete users.'),
        variant: 'destructive',
      }),
  });

  return (
    <>
      {count > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 dark:border-blue-900 dark:bg-blue-950"
        >
          <p className="text-sm font-medium text-blue-900 dark:text-blue-100" aria-live="polite">
            {selectedUsersText(count)}
            {!anyDeletable && (
              <span id="bulk-protected-note" className="block text-xs font-normal">
                Admins and your own account are protected and cannot be deleted.
              </span>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" size="sm" onClick={selection.clear}>
              Clear selection
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={!anyDeletable || previewCall.isPending}
              aria-describedby={anyDeletable ? undefined : 'bulk-protected-note'}
              onClick={() => previewCall.mutate([...selection.selected.keys()])}
            >
              {previewCall.isPending ? 'Loading preview…' : 'Preview Deletion'}
            </Button>
          </div>
        </div>
      )}
      {preview && (
        <Suspense fallback={null}>
          <DeletionPreviewDialog
            items={preview}
            pending={bulk.isPending}
            onClose={() => setPreview(null)}
            onConfirm={(body) => bulk.mutate(body)}
          />
        </Suspense>
      )}
      <DeletionResultsDialog results={results} onClose={() => setResults(null)} />
    </>
  );
}
