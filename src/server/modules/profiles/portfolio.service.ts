// A provider's portfolio (decision 0046): up to 24 photos with captions, uploaded (re-encoded as estimate pictures
// are: the type read from the bytes, a pixel ceiling before decoding, WebP without EXIF or GPS) or copied from a
// photo of one of the provider's own completed jobs (then "Verified job", with the job's category and month).
// Positions run 0..n-1; a move shifts the others and a deletion closes the gap. Every change tells the public page
// (publicPageChanged) once it is stored.
import { categoryLabel } from '#domain/catalog/categories';
import { isUuid } from '#domain/ids';
import {
  PORTFOLIO_LIMITS,
  type OwnerPortfolio,
  type PortfolioItem,
} from '#domain/schemas/pro-profile.schema';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import * as repo from './portfolio.repo.ts';
import { toPortfolioItem } from './profiles.service.ts';

export const PORTFOLIO_MESSAGES = {
  notFound: 'Photo not found',
  jobPhotoNotFound: 'Job photo not found',
  full: `Your portfolio holds ${PORTFOLIO_LIMITS.maxPhotos} photos, the most it can: delete one to add another`,
  duplicate: 'This job photo is already in your portfolio',
  missing: 'Choose a photo to upload, or one of your completed jobs’ photos',
  both: 'Send either a photo or a job photo, not both',
} as const;

/** What a new portfolio photo is made of: an upload already re-encoded, or a job photo's id. */
export type PortfolioSource =
  { kind: 'upload'; data: Buffer; width: number; height: number } | { kind: 'job'; jobPhotoId: string };

const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export type PortfolioService = ReturnType<typeof createPortfolioService>;

export function createPortfolioService(ctx: Pick<AppContext, 'db' | 'now' | 'events'>) {
  const { db, now, events } = ctx;

  const changed = (tx: Executor, providerId: string) =>
    events.publish(tx, 'publicPageChanged', { page: 'pro', id: providerId });

  /** 409 when the portfolio is full: checked before an upload is read, and again under the lock. */
  async function checkRoom(dbx: Executor, providerId: string): Promise<number> {
    const count = await repo.countPortfolio(dbx, providerId);
    if (count >= PORTFOLIO_LIMITS.maxPhotos) throw new AppError('CONFLICT', PORTFOLIO_MESSAGES.full);
    return count;
  }

  return {
    checkRoom: (providerId: string) => checkRoom(db, providerId),

    async list(providerId: string): Promise<OwnerPortfolio> {
      const [items, offered] = await Promise.all([
        repo.portfolioOf(db, providerId),
        repo.offeredJobPhotos(db, providerId),
      ]);
      return {
        items: items.map(toPortfolioItem),
        jobPhotos: offered.map((p) => ({
          id: p.id,
          jobId: p.jobId,
          url: `/api/jobs/${p.jobId}/photos/${p.id}`,
          categoryLabel: categoryLabel(p.category),
          month: monthOf(p.completedAt ?? now()),
        })),
      };
    },

    async add(providerId: string, caption: string, source: PortfolioSource): Promise<PortfolioItem> {
      if (source.kind === 'job' && !isUuid(source.jobPhotoId)) {
        throw notFound(PORTFOLIO_MESSAGES.jobPhotoNotFound);
      }
      const row = await events.transaction(async (tx) => {
        await repo.lockProvider(tx, providerId);
        const position = await checkRoom(tx, providerId);
        let values: Parameters<typeof repo.insertPortfolioPhoto>[1];
        if (source.kind === 'upload') {
          values = {
            providerId,
            position,
            caption,
            contentType: 'image/webp',
            width: source.width,
            height: source.height,
            byteSize: source.data.length,
            data: source.data,
            createdAt: now(),
          };
        } else {
          // Only a photo of the caller's own completed job: anyone else's, or an open job's, is not found.
          const photo = await repo.completedJobPhoto(tx, providerId, source.jobPhotoId.toLowerCase());
          if (!photo) throw notFound(PORTFOLIO_MESSAGES.jobPhotoNotFound);
          if (photo.inPortfolio) throw new AppError('CONFLICT', PORTFOLIO_MESSAGES.duplicate);
          values = {
            providerId,
            position,
            caption,
            // Stored re-encoded when the job's photos were uploaded: copied as they are.
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            byteSize: photo.byteSize,
            data: photo.data,
            jobId: photo.jobId,
            verifiedCategory: photo.category,
            verifiedMonth: monthOf(photo.completedAt ?? now()),
            createdAt: now(),
          };
        }
        const inserted = await repo.insertPortfolioPhoto(tx, values);
        await changed(tx, providerId);
        return inserted;
      });
      return toPortfolioItem(row);
    },

    async update(
      providerId: string,
      id: string,
      patch: { caption?: string | undefined; position?: number | undefined },
    ): Promise<PortfolioItem> {
      if (!isUuid(id)) throw notFound(PORTFOLIO_MESSAGES.notFound);
      const row = await events.transaction(async (tx) => {
        await repo.lockProvider(tx, providerId);
        const current = await repo.findPortfolioPhoto(tx, providerId, id);
        if (!current) throw notFound(PORTFOLIO_MESSAGES.notFound);
        if (patch.caption !== undefined) await repo.setCaption(tx, providerId, id, patch.caption);
        if (patch.position !== undefined) {
          // A place past the end is the last place.
          const last = (await repo.countPortfolio(tx, providerId)) - 1;
          await repo.movePhoto(tx, providerId, id, current.position, Math.min(patch.position, last));
        }
        await changed(tx, providerId);
        return repo.findPortfolioPhoto(tx, providerId, id);
      });
      if (!row) throw notFound(PORTFOLIO_MESSAGES.notFound);
      return toPortfolioItem(row);
    },

    async remove(providerId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(PORTFOLIO_MESSAGES.notFound);
      await events.transaction(async (tx) => {
        await repo.lockProvider(tx, providerId);
        if (!(await repo.deletePhoto(tx, providerId, id))) throw notFound(PORTFOLIO_MESSAGES.notFound);
        await changed(tx, providerId);
      });
    },

    /** The public image of a photo of a provider who has a page; undefined otherwise. */
    async image(providerId: string, photoId: string) {
      if (!isUuid(providerId) || !isUuid(photoId)) return undefined;
      return repo.portfolioImage(db, providerId.toLowerCase(), photoId.toLowerCase());
    },
  };
}
