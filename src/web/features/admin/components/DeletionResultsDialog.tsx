// The Deletion Results dialog after a bulk deletion: the counts of deleted, skipped and failed, then each user's
// outcome with its reason.
import type { BulkDeleteResponse, DeletionPreviewItem } from '#domain/schemas/admin-api.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { fullName } from './parts.tsx';

export interface DeletionResults {
  response: BulkDeleteResponse;
  /** The preview the deletion was confirmed from: it names the users. */
  preview: DeletionPreviewItem[];
}

export function DeletionResultsDialog({
  results,
  onClose,
}: {
  results: DeletionResults | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={results !== null} onOpenChange={(open) => !open && onClose()}>
      {results && (
        <DialogContent title="Deletion Results">
          <ResultsBody results={results} />
          <div className="mt-6 flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function ResultsBody({ results: { response, preview } }: { results: DeletionResults }) {
  const who = (id: string) => {
    const item = preview.find((p) => p.userId === id);
    return item?.user ? `${fullName(item.user)} (${item.user.email})` : id;
  };
  return (
    <div>
      <p className="font-semibold text-slate-900 dark:text-white">
        {response.mode === 'hard' ? 'Hard' : 'Soft'} deletion completed
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {(['deleted', 'skipped', 'failed'] as const).map((k) => (
          <div key={k} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
              {k[0]!.toUpperCase() + k.slice(1)}
            </dt>
            <dd className="text-2xl font-bold">{response[k]}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 space-y-1 text-sm" aria-label="Each user">
        {response.results.map((r) => (
          <li key={r.userId}>
            <span className="font-medium">{who(r.userId)}</span>: {r.status}
            {r.reason ? ` (${r.reason})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
