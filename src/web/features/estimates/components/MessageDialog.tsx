// The message dialog of the posted lists: the conversation with the estimate's
// owner loads inside it (the messaging feature's thread, in its own chunk) with the Connected / Offline
// indicator; sending follows the server's rules, and a refusal (no access to the category, a plan cap) is shown
// in the server's words.
import { Suspense } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { ConnectionIndicator, LazyConversationThread } from '#web/features/messaging/index.ts';
import type { Estimate } from '../api/types.ts';

export function MessageDialog({ estimate, onClose }: { estimate: Estimate | null; onClose: () => void }) {
  const { user } = useAuth();
  return (
    <Dialog open={estimate !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={estimate ? `Message about "${estimate.title}"` : 'Message'}
        description={estimate ? `Conversation with ${estimate.customerName}` : undefined}
        className="flex max-h-[90dvh] max-w-xl flex-col"
      >
        <div className="mb-3 flex justify-end">
          <ConnectionIndicator />
        </div>
        {estimate && user && (
          <Suspense fallback={<Spinner label="Loading messages" />}>
            <LazyConversationThread
              className="h-[min(60dvh,28rem)]"
              estimateId={estimate.id}
              otherId={estimate.customerId}
              viewerId={user.id}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
