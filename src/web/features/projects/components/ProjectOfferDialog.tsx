// The project offer flow from a provider's task feed: a dialog with the project's offer form (amount and message,
// POST /api/projects/{id}/messages) and what connecting means; a link to the project page for the rest.
import { Link } from 'wouter';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { paths } from '#web/lib/paths.ts';
import { ContactSharingNote, ProjectOfferForm } from './ProjectOfferForm.tsx';

export function ProjectOfferDialog({
  project,
  onClose,
  onSent,
}: {
  project: { id: string; title: string };
  onClose: () => void;
  /** After an offer went out (the feed reads its offer counts again). */
  onSent?: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Send an offer on ${project.title}`}
        description="The customer reads your message and offer on the project's page and may connect with you."
      >
        <ContactSharingNote className="mb-4" />
        <ProjectOfferForm projectId={project.id} onSent={onSent} />
        <p className="mt-4 text-sm">
          <Link
            href={paths.project(project.id)}
            className="font-medium text-blue-700 underline dark:text-blue-300"
          >
            Open the project page
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
