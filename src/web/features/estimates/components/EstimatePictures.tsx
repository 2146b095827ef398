// The pictures of an estimate (Premium: up to 5): everyone who may read the estimate sees them; the
// owner on Premium adds them one at a time with a progress bar and removes them; a free owner sees the upgrade.
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from '#domain/schemas/estimate-api.schema';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { paths } from '#web/lib/paths.ts';
import { useDeletePicture } from '../api/delete-picture.ts';
import { usePictures } from '../api/get-pictures.ts';
import { useUsage } from '../api/get-usage.ts';
import { useUploadPicture } from '../api/upload-picture.ts';
import type { Estimate } from '../api/types.ts';
import { refusal } from './useEstimateActions.tsx';

export function EstimatePictures({ estimate, owner }: { estimate: Estimate; owner: boolean }) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const { data: pictures = [], isLoading, isError } = usePictures(estimate.id);
  const usage = useUsage(owner);
  // The server's figure for this user (an admin counts as Premium).
  const limit = usage.data?.picturesPerEstimate ?? 0;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPicture({
    onSuccess: () => toast({ title: 'Picture added', variant: 'success' }),
    onError: (err) => setError(refusal(err, PICTURE_MESSAGES.unreadable)),
    onSettled: () => {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    },
  });
  const remove = useDeletePicture({
    onSuccess: () => toast({ title: 'Picture removed' }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: refusal(err, 'Failed to remove the picture'),
        variant: 'destructive',
      }),
  });

  if (!owner && pictures.length === 0) return null;

  const onFile = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_PICTURE_BYTES) return setError(PICTURE_MESSAGES.tooLarge);
    setProgress(0);
    upload.mutate({ estimateId: estimate.id, file, onProgress: setProgress });
  };

  return (
    <section aria-labelledby="pictures" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pictures" className="text-xl font-semibold text-slate-900 dark:text-white">
          Pictures
        </h2>
        {owner && limit > 0 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {pictures.length} of {limit}
          </p>
        )}
      </div>
      {isLoading ? (
        <p role="status" className="mt-3 text-slate-700 dark:text-slate-300">
          Loading...
        </p>
      ) : isError ? (
        <p role="alert" className="mt-3 text-red-800 dark:text-red-300">
          Failed to load pictures.
        </p>
      ) : pictures.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300">No pictures yet.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {pictures.map((p, i) => (
            <li
              key={p.id}
              className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800"
            >
              <a
                href={p.url}
                target="_blank"
                rel="noopener noreferrer"
                className="block focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              >
                <img
                  src={p.url}
                  alt={`Picture ${i + 1} of ${estimate.title}`}
                  width={p.width}
                  height={p.height}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </a>
              {owner && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-full rounded-none"
                  aria-label={`Remove picture ${i + 1}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ estimateId: estimate.id, pictureId: p.id })}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {owner && usage.data && limit === 0 && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          {PICTURE_MESSAGES.premiumOnly}{' '}
          <Link
            href={paths.customerSubscription}
            className="font-medium text-blue-700 underline underline-offset-2 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
          >
            See plans
          </Link>
        </p>
      )}
      {owner && limit > 0 && pictures.length < limit && (
        <div className="mt-4">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-900 dark:text-white">
            Add a picture (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB)
          </label>
          <input
            ref={fileRef}
            id={inputId}
            type="file"
            accept="image/*"
            disabled={progress !== null}
            onChange={(e) => onFile(e.target.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-blue-700 file:px-3 file:py-2 file:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-slate-200"
          />
          {progress !== null && (
            <div className="mt-2">
              <progress
                value={progress}
                max={100}
                aria-label="Upload progress"
                className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-700"
              />
              <p className="text-xs text-slate-700 dark:text-slate-300" aria-live="polite">
                {progress < 100 ? `Uploading… ${progress}%` : 'Processing…'}
              </p>
            </div>
          )}
          {error && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
