// The message dialog of the posted lists (spec part 2 sections 2 and 5). Messaging is not built yet: the
// dialog says so plainly and offers the messages page instead of pretending to send.
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { paths } from '#web/lib/paths.ts';
import type { Estimate } from '../api/types.ts';

export function MessageDialog({ estimate, onClose }: { estimate: Estimate | null; onClose: () => void }) {
  return (
    <Dialog open={estimate !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={estimate ? `Message about "${estimate.title}"` : 'Message'}
        description="Messaging between customers and providers is coming soon. You will be able to write from here."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button asChild variant="outline">
            <Link href={paths.messages}>Go to Messages</Link>
          </Button>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
