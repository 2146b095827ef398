// /projects/{id}: the project, what connecting means (contact details shared, the work then arranged between the
// two), its messages as this viewer may read them, the
// offer form for providers with access to the category, and the owner's connect and close actions. Message and
// connect failures show the server's error or "Failed"; connect success: "Contact shared. You're connected!"
// Closing asks for confirmation first; a closed project says so to everyone and takes no more offers.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ProjectDetail, ProjectMessageView } from '#domain/schemas/project.schema';
import { formatMoney } from '#domain/money';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { CheckIcon, MailIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import type { RouteParams } from '#web/lib/routing.ts';
import { useCloseProject } from '../api/close-project.ts';
import { useConnectProject } from '../api/connect-project.ts';
import { useProject } from '../api/get-project.ts';
import { actionErrorText, budgetText, CONNECTED_TEXT, postedDate } from '../format.ts';
import { CategoryBadge, offersText } from './ProjectCard.tsx';
import { ContactSharingNote, ProjectOfferForm } from './ProjectOfferForm.tsx';
import { EmptyState, LoadError, LoadingProjects } from './states.tsx';

export function ProjectDetailPage({ params }: { params: RouteParams }) {
  const id = params.id ?? '';
  const query = useProject(id);
  const title = query.data?.project.title;
  useEffect(() => {
    if (title) document.title = `${title} · HomeFix`;
  }, [title]);

  if (query.isPending) return <LoadingProjects label="Loading project" />;
  if (query.isError) {
    const notFound = parseApiError(query.error).status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        {notFound ? (
          <>
            <h1 className="mb-4 text-3xl font-bold text-slate-900 dark:text-white">Project not found</h1>
            <EmptyState title="This project does not exist or was removed.">
              <Link href={paths.projects} className="font-medium text-blue-700 underline dark:text-blue-300">
                See live projects
              </Link>
            </EmptyState>
          </>
        ) : (
          <>
            <h1 className="mb-4 text-3xl font-bold text-slate-900 dark:text-white">Project Details</h1>
            <LoadError text="Failed to load the project." onRetry={() => void query.refetch()} />
          </>
        )}
      </div>
    );
  }
  return <ProjectView detail={query.data} />;
}

function ProjectView({ detail }: { detail: ProjectDetail }) {
  const { project, viewer } = detail;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="mb-4 text-sm">
        <Link href={paths.projects} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          ← Live projects
        </Link>
      </p>
      <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge label={project.categoryLabel} />
          <span className="text-sm text-slate-600 dark:text-slate-400">{project.city}</span>
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900 dark:text-white">
          {project.title}
        </h1>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Budget</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">
              {budgetText(project.minBudget, project.maxBudget)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Posted</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">
              <time dateTime={project.createdAt}>{postedDate(project.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Offers</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">
              {offersText(project.messageCount)}
            </dd>
          </div>
        </dl>
        {project.description && (
          <p className="mt-6 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
            {project.description}
          </p>
        )}
        <ContactSharingNote className="mt-6 rounded-lg bg-slate-50 p-4 dark:bg-slate-950" />
        {project.status === 'closed' && (
          <Alert variant="info" title="This project is closed" className="mt-6">
            It is no longer listed and takes no more offers.
          </Alert>
        )}
        {viewer.role === 'owner' && project.status === 'live' && <CloseProject projectId={project.id} />}
      </article>

      <div className="mt-8">
        {viewer.role === 'owner' && <OwnerMessages detail={detail} />}
        {viewer.role === 'provider' && <ProviderPanel detail={detail} />}
        {viewer.role === 'anonymous' && (
          <section aria-labelledby="offers-title" className="rounded-xl bg-slate-50 p-6 dark:bg-slate-900">
            <h2 id="offers-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Are you a service provider?
            </h2>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              Log in with a provider account to send a message or an offer on this project.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link
                href={`${paths.login}?next=${encodeURIComponent(paths.project(project.id))}`}
                className={buttonClasses('primary')}
              >
                Log in to send an offer
              </Link>
              <Link href={paths.providerMvp} className={buttonClasses('outline')}>
                Become a provider
              </Link>
            </div>
          </section>
        )}
        {viewer.role === 'other' && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Offers on this project are visible to its owner only.
          </p>
        )}
      </div>
    </div>
  );
}

/** The owner's "Close project" action, confirmed in a dialog; the dialog stays open with the reason on failure. */
function CloseProject({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = useCloseProject({
    onSuccess: () => {
      setOpen(false);
      toast({
        title: 'Project closed',
        description: 'It is no longer listed and takes no more offers.',
        variant: 'success',
      });
    },
    onError: (err) => setError(actionErrorText(err)),
  });
  return (
    <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (close.isPending) return;
          if (o) setError(null);
          setOpen(o);
        }}
      >
        {/* The trigger gets the focus back when the dialog closes without closing the project. */}
        <DialogTrigger asChild>
          <Button variant="outline">Close project</Button>
        </DialogTrigger>
        <DialogContent
          title="Close this project?"
          description="It leaves the live lists and providers can no longer send offers. You can still read the messages you got."
        >
          {error && (
            <Alert variant="destructive" className="mb-4">
              {error}
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={close.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={close.isPending}
              onClick={() => {
                setError(null);
                close.mutate(projectId);
              }}
            >
              {close.isPending ? 'Closing…' : 'Close project'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function MessageItem({ m, label, children }: { m: ProjectMessageView; label: string; children?: ReactNode }) {
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900 dark:text-white">{label}</p>
        <time dateTime={m.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
          {postedDate(m.createdAt)}
        </time>
      </div>
      {m.offerAmount != null && (
        <p className="mt-1 text-sm font-semibold text-green-800 dark:text-green-300">
          Offer: {formatMoney(m.offerAmount)}
        </p>
      )}
      <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800 dark:text-slate-200">
        {m.body}
      </p>
      {children}
    </li>
  );
}

function OwnerMessages({ detail }: { detail: ProjectDetail }) {
  const connect = useConnectProject();
  const [result, setResult] = useState<{ providerUserId: string; ok: boolean; text: string } | null>(null);
  // One connect button per provider, under their latest message.
  const lastBySender = new Map(detail.messages.map((m) => [m.senderUserId, m.id]));

  const onConnect = (providerUserId: string) => {
    setResult(null);
    connect.mutate(
      { projectId: detail.project.id, body: { providerUserId } },
      {
        onSuccess: (r) => setResult({ providerUserId, ok: true, text: r.message }),
        onError: (err) => setResult({ providerUserId, ok: false, text: actionErrorText(err) }),
      },
    );
  };

  return (
    <section aria-labelledby="owner-messages-title">
      <h2 id="owner-messages-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        Offers and messages
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Only you see these. Share your contact details with the provider you want to talk to.
      </p>
      {detail.messages.length === 0 ? (
        <div className="mt-4">
          <EmptyState title="No messages yet.">
            <p>Providers who work in this category will reach out here.</p>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {detail.messages.map((m) => (
            <MessageItem key={m.id} m={m} label={m.senderName}>
              {lastBySender.get(m.senderUserId) === m.id && (
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  {m.connected ? (
                    <span className="inline-flex items-center gap-1 text-sm font-medium text-green-800 dark:text-green-300">
                      <CheckIcon className="h-4 w-4" aria-hidden="true" /> Connected
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      onClick={() => onConnect(m.senderUserId)}
                      disabled={connect.isPending}
                      aria-label={`Share my contact with ${m.senderName}`}
                    >
                      Share my contact
                    </Button>
                  )}
                  {result?.providerUserId === m.senderUserId && (
                    <p
                      role={result.ok ? 'status' : 'alert'}
                      className={
                        result.ok
                          ? 'text-sm font-medium text-green-800 dark:text-green-300'
                          : 'text-sm font-medium text-red-700 dark:text-red-400'
                      }
                    >
                      {result.text}
                    </p>
                  )}
                </div>
              )}
            </MessageItem>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProviderPanel({ detail }: { detail: ProjectDetail }) {
  const { viewer, contact, messages, project } = detail;
  return (
    <div className="space-y-6">
      {viewer.connected && (
        <Alert variant="success" title={CONNECTED_TEXT}>
          {contact ? (
            <dl className="mt-2 grid gap-1">
              <div className="flex gap-2">
                <dt className="font-medium">Name:</dt>
                <dd>{contact.name}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="font-medium">Email:</dt>
                <dd>
                  <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-1 underline">
                    <MailIcon className="h-4 w-4" aria-hidden="true" /> {contact.email}
                  </a>
                </dd>
              </div>
              {contact.phone && (
                <div className="flex gap-2">
                  <dt className="font-medium">Phone:</dt>
                  <dd>
                    <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="underline">
                      {contact.phone}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          ) : (
            <p>The customer's account is no longer active.</p>
          )}
        </Alert>
      )}
      <section aria-labelledby="your-messages-title">
        <h2 id="your-messages-title" className="text-xl font-semibold text-slate-900 dark:text-white">
          Your messages
        </h2>
        {messages.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">No messages yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {messages.map((m) => (
              <MessageItem key={m.id} m={m} label="You" />
            ))}
          </ul>
        )}
      </section>
      {viewer.canMessage ? (
        <ProjectOfferForm
          projectId={project.id}
          heading="Send a message or offer"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        />
      ) : (
        <Alert variant="warning" title="You can't send offers on this project">
          <p>{viewer.messageBlockedReason ?? 'No permission to message'}</p>
          {project.status === 'live' && (
            <p className="mt-2">
              <Link href={paths.subscription} className="font-medium underline">
                See plans
              </Link>
            </p>
          )}
        </Alert>
      )}
    </div>
  );
}
