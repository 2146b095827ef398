// /provider/portfolio, "Portfolio" (decision 0046): up to 24 photos with captions, in the order the public page
// shows them. Upload a photo with its caption, or add one from a completed job (it carries "Verified job" with the
// job's category and month); edit a caption, move a photo up or down (buttons, so the keyboard can), delete one
// (asked first). Loading, empty and error states.
import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_PICTURE_BYTES } from '#domain/schemas/estimate-api.schema';
import { PORTFOLIO_LIMITS, type PortfolioItem } from '#domain/schemas/pro-profile.schema';
import { ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FieldError, fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, parseApiError } from '#web/lib/api-client.ts';
import {
  useAddPortfolioPhoto,
  useDeletePortfolioPhoto,
  usePatchPortfolioPhoto,
  usePortfolio,
  type JobPhoto,
} from '../api/portfolio.ts';
import { monthText } from '../words.ts';
import { ConfirmDelete, Panel, Screen } from './Screen.tsx';

const { maxPhotos, captionMax } = PORTFOLIO_LIMITS;
const LIST_HEADING = 'portfolio-heading';

export function PortfolioPage() {
  const portfolio = usePortfolio();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusList = () => heading.current?.focus();
  const count = portfolio.data?.items.length ?? 0;
  const full = count >= maxPhotos;
  return (
    <Screen
      title="Portfolio"
      intro="Photos of your work, shown on your public page in this order. A photo from a job you completed here carries a “Verified job” label."
    >
      <Panel
        id={LIST_HEADING}
        headingRef={heading}
        title={portfolio.data ? `Your photos (${count} of ${maxPhotos})` : 'Your photos'}
      >
        <div aria-busy={portfolio.isFetching || undefined}>
          {portfolio.isPending ? (
            <LoadingState text="Loading your portfolio..." />
          ) : portfolio.isError ? (
            <ErrorState text="Your portfolio could not be loaded." onRetry={() => void portfolio.refetch()} />
          ) : portfolio.data.items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
              <p className="font-medium text-slate-900 dark:text-white">No photos yet</p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                Show customers your work: upload a photo below, or add one from a job you completed here.
              </p>
            </div>
          ) : (
            <PhotoList items={portfolio.data.items} onDeleted={focusList} />
          )}
        </div>
      </Panel>
      {portfolio.data && (
        <>
          {full && (
            <p
              role="status"
              className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            >
              Your portfolio is full ({maxPhotos} of {maxPhotos}). Delete a photo to add another.
            </p>
          )}
          <Panel id="portfolio-upload-heading" title="Upload a photo">
            <UploadForm disabled={full} onAdded={focusList} />
          </Panel>
          <Panel id="portfolio-jobs-heading" title="Add from your completed jobs">
            <JobPhotos photos={portfolio.data.jobPhotos} disabled={full} />
          </Panel>
        </>
      )}
    </Screen>
  );
}

function VerifiedLabel({ item }: { item: PortfolioItem }) {
  if (!item.verified) return null;
  return (
    <p className="mt-1 inline-block rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
      Verified job · {item.verified.categoryLabel} · {monthText(item.verified.month)}
    </p>
  );
}

function PhotoList({ items, onDeleted }: { items: PortfolioItem[]; onDeleted: () => void }) {
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const move = usePatchPortfolioPhoto({
    onError: (err) => {
      setAnnouncement('');
      toast({
        title: 'Not moved',
        description: errorMessage(err, 'The photo could not be moved. Try again.'),
        variant: 'destructive',
      });
    },
  });
  const sorted = [...items].sort((a, b) => a.position - b.position);
  const moveTo = (item: PortfolioItem, to: number, direction: 'up' | 'down') => {
    move.mutate({ id: item.id, position: to });
    setAnnouncement(`Moved to place ${to + 1} of ${sorted.length}.`);
    // At the first or last place the pressed button turns disabled: keep the focus on the other one.
    const atEnd = to === 0 || to === sorted.length - 1;
    if (atEnd) {
      requestAnimationFrame(() => {
        const other = direction === 'up' ? 'down' : 'up';
        list.current
          ?.querySelector<HTMLButtonElement>(`[data-photo="${CSS.escape(item.id)}"] [data-move="${other}"]`)
          ?.focus();
      });
    }
  };
  return (
    <>
      <ol ref={list} className="space-y-4" aria-label="Portfolio photos, in the order your page shows them">
        {sorted.map((item, i) => {
          const name = item.caption ? `“${item.caption}”` : `photo ${i + 1}`;
          return (
            <li
              key={item.id}
              data-photo={item.id}
              aria-label={`Photo ${i + 1} of ${sorted.length}${item.caption ? `: ${item.caption}` : ''}`}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row dark:border-slate-700"
            >
              <img
                src={item.url}
                alt={item.caption || `Portfolio photo ${i + 1}`}
                width={item.width}
                height={item.height}
                loading="lazy"
                className="h-auto w-full rounded-md object-cover sm:h-28 sm:w-40"
              />
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm text-slate-900 dark:text-slate-100">
                  {item.caption || <span className="text-slate-600 dark:text-slate-400">No caption</span>}
                </p>
                <VerifiedLabel item={item} />
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    data-move="up"
                    disabled={i === 0}
                    aria-label={`Move ${name} up`}
                    onClick={() => moveTo(item, i - 1, 'up')}
                  >
                    Move up
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    data-move="down"
                    disabled={i === sorted.length - 1}
                    aria-label={`Move ${name} down`}
                    onClick={() => moveTo(item, i + 1, 'down')}
                  >
                    Move down
                  </Button>
                  <CaptionDialog item={item} name={name} />
                  <DeleteDialog item={item} name={name} onDeleted={onDeleted} />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function CaptionField({
  id,
  value,
  onChange,
  error,
  label = 'Caption (optional)',
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  label?: string;
}) {
  const left = captionMax - value.length;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <Textarea
        id={id}
        value={value}
        maxLength={captionMax}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : `${id}-count`}
        className="min-h-20"
      />
      {!error && (
        <p id={`${id}-count`} className="text-xs text-slate-600 dark:text-slate-400">
          {left} of {captionMax} characters left
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

function UploadForm({ disabled, onAdded }: { disabled: boolean; onAdded: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<{ photo?: string; caption?: string }>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const add = useAddPortfolioPhoto({
    onSuccess: () => {
      setFile(null);
      setCaption('');
      if (fileRef.current) fileRef.current.value = '';
      setErrors({});
      toast({
        title: 'Photo added',
        description: 'It shows last on your page; move it where you like.',
        variant: 'success',
      });
      onAdded();
    },
    onError: (err) => {
      const parsed = parseApiError(err);
      const found = { photo: parsed.fields.photo, caption: parsed.fields.caption };
      if (!found.photo && !found.caption) {
        found.photo =
          parsed.message ?? 'The photo could not be uploaded. Check your connection and try again.';
      }
      setErrors(found);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: { photo?: string; caption?: string } = {};
    if (!file) found.photo = 'Choose a photo';
    else if (!file.type.startsWith('image/'))
      found.photo = 'The file must be a photo (JPEG, PNG, WebP, GIF, AVIF or HEIC)';
    else if (file.size > MAX_PICTURE_BYTES) found.photo = 'Photos can be up to 10 MB';
    if (caption.trim().length > captionMax) found.caption = `At most ${captionMax} characters`;
    setErrors(found);
    if (found.photo || found.caption || !file) {
      document.getElementById(found.photo ? `${id}-photo` : `${id}-caption`)?.focus();
      return;
    }
    add.mutate({ photo: file, caption: caption.trim() });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-photo`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Photo (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB)
        </label>
        <input
          ref={fileRef}
          id={`${id}-photo`}
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={errors.photo ? fieldErrorId(`${id}-photo`) : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((x) => ({ ...x, photo: undefined }));
          }}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-blue-700 file:px-3 file:py-2 file:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-60 dark:text-slate-200"
        />
        <FieldError id={`${id}-photo`} message={errors.photo} />
      </div>
      <CaptionField id={`${id}-caption`} value={caption} onChange={setCaption} error={errors.caption} />
      <Button type="submit" disabled={disabled || add.isPending} className="w-full sm:w-auto">
        {add.isPending ? 'Uploading…' : 'Add the photo'}
      </Button>
    </form>
  );
}

function JobPhotos({ photos, disabled }: { photos: JobPhoto[]; disabled: boolean }) {
  const add = useAddPortfolioPhoto({
    onSuccess: () =>
      toast({
        title: 'Photo added',
        description: 'It carries the “Verified job” label.',
        variant: 'success',
      }),
    onError: (err) =>
      toast({
        title: 'Not added',
        description: errorMessage(err, 'The photo could not be added. Try again.'),
        variant: 'destructive',
      }),
  });
  if (photos.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        No photos from completed jobs to add. Photos you attach when you complete a job here show up in this
        list.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos from your completed jobs">
      {photos.map((p, i) => {
        const what = `${p.categoryLabel}, ${monthText(p.month)}`;
        return (
          <li key={p.id} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
            <img
              src={p.url}
              alt={`Photo ${i + 1} of the ${what} job`}
              loading="lazy"
              className="aspect-square w-full rounded-md object-cover"
            />
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{what}</p>
            <Button
              size="sm"
              variant="outline"
              className="mt-2 w-full"
              disabled={disabled || add.isPending}
              aria-label={`Add photo ${i + 1} of the ${what} job`}
              onClick={() => add.mutate({ jobPhotoId: p.id })}
            >
              Add
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function CaptionDialog({ item, name }: { item: PortfolioItem; name: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [caption, setCaption] = useState(item.caption);
  const [error, setError] = useState<string | undefined>();
  const patch = usePatchPortfolioPhoto({
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Caption saved', variant: 'success' });
    },
    onError: (err) =>
      setError(
        parseApiError(err).fields.caption ?? errorMessage(err, 'The caption could not be saved. Try again.'),
      ),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setCaption(item.caption);
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Edit the caption of ${name}`}>
          Edit caption
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit the caption">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            patch.mutate({ id: item.id, caption: caption.trim() });
          }}
        >
          <CaptionField
            id={`${id}-caption`}
            label="Caption"
            value={caption}
            onChange={setCaption}
            error={error}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={patch.isPending}>
              {patch.isPending ? 'Saving…' : 'Save the caption'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  item,
  name,
  onDeleted,
}: {
  item: PortfolioItem;
  name: string;
  onDeleted: () => void;
}) {
  const remove = useDeletePortfolioPhoto({
    onSuccess: () => {
      toast({ title: 'Photo deleted', variant: 'success' });
    },
    onError: (err) =>
      toast({
        title: 'Not deleted',
        description: errorMessage(err, 'The photo could not be deleted. Try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <ConfirmDelete
      label={`Delete ${name}`}
      title="Delete this photo?"
      description={
        item.verified
          ? 'It leaves your page. You can add it again from your completed jobs.'
          : 'It leaves your page and cannot be brought back.'
      }
      confirmText="Delete the photo"
      pending={remove.isPending}
      onConfirm={() => remove.mutateAsync(item.id)}
      onDeleted={onDeleted}
    />
  );
}
