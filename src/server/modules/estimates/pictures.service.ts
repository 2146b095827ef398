// Estimate pictures (premium customers only, up to 5 per estimate). The type is read from the bytes, not
// the name; every picture is decoded with a pixel ceiling (a decompression bomb is refused before decoding) and
// re-encoded as WebP within PICTURE_MAX_SIDE, which drops EXIF and GPS data. Only the owner adds or removes
// pictures; whoever may read the estimate may see them.
import sharp from 'sharp';
import type { Role } from '#domain/permissions';
import {
  MAX_PICTURE_PIXELS,
  PICTURE_MAX_SIDE,
  PICTURE_MESSAGES,
  type EstimatePicture,
} from '#domain/schemas/estimate-api.schema';
import type { AppContext } from '#server/context';
import { AppError, notFound } from '#server/errors';
import type { UserRow } from '#server/modules/users';
import * as estimatesRepo from './estimates.repo.ts';
import {
  ESTIMATE_ERRORS,
  picturesPerEstimate,
  type EstimatesService,
  type Viewer,
} from './estimates.service.ts';
import * as repo from './pictures.repo.ts';
import { isUuid } from '#domain/ids';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Pictures per estimate for those without a customer plan (admins). */

export const PICTURE_NOT_FOUND = 'Picture not found';

function toPicture(p: repo.PictureMeta): EstimatePicture {
  return {
    id: p.id,
    estimateId: p.estimateId,
    url: `/api/estimates/${p.estimateId}/pictures/${p.id}`,
    contentType: p.contentType,
    width: p.width,
    height: p.height,
    byteSize: p.byteSize,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Checks and re-encodes an upload; throws a 4xx AppError for anything that is not a usable picture. */
export async function reencodePicture(
  bytes: Buffer,
): Promise<{ data: Buffer; width: number; height: number }> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const m = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = m.format;
    width = m.width ?? 0;
    height = m.height ?? 0;
  } catch {
    throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.notImage);
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.notImage);
  if (width * height > MAX_PICTURE_PIXELS) throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.tooManyPixels);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.unreadable);
  }
}

export function createPicturesService(ctx: Pick<AppContext, 'db' | 'now'>, estimates: EstimatesService) {
  const { db, now } = ctx;

  /**
   * Adds a picture to the owner's estimate. The owner, the plan's allowance and the pictures already held are
   * checked before `read` consumes the upload, so a refused request neither waits for the file nor decodes it;
   * the count is checked again under the estimate's lock before the insert.
   */
  async function add(
    user: UserRow,
    role: Role,
    estimateId: string,
    read: () => Promise<Buffer>,
  ): Promise<EstimatePicture> {
    if (!isUuid(estimateId)) throw notFound(ESTIMATE_ERRORS.notFound);
    const owned = await estimatesRepo.lockEstimate(db, estimateId, user.id);
    if (!owned) throw notFound(ESTIMATE_ERRORS.notFound);
    const limit = picturesPerEstimate(user, role, now());
    if (limit === 0) throw new AppError('FORBIDDEN', PICTURE_MESSAGES.premiumOnly);
    if ((await repo.countPictures(db, estimateId)) >= limit) {
      throw new AppError('FORBIDDEN', PICTURE_MESSAGES.limit(limit));
    }
    const picture = await reencodePicture(await read());
    const row = await db.transaction(async (tx) => {
      // One upload at a time per estimate, so parallel uploads cannot pass the limit together.
      if (!(await estimatesRepo.lockEstimate(tx, estimateId, user.id))) {
        throw notFound(ESTIMATE_ERRORS.notFound);
      }
      if ((await repo.countPictures(tx, estimateId)) >= limit) {
        throw new AppError('FORBIDDEN', PICTURE_MESSAGES.limit(limit));
      }
      return repo.insertPicture(tx, {
        estimateId,
        ownerId: user.id,
        contentType: 'image/webp',
        width: picture.width,
        height: picture.height,
        byteSize: picture.data.length,
        data: picture.data,
        createdAt: now(),
      });
    });
    return toPicture(row);
  }

  /** The pictures of an estimate the viewer may read (otherwise 404, as for the estimate). */
  async function list(viewer: Viewer, estimateId: string): Promise<EstimatePicture[]> {
    await estimates.get(viewer, estimateId);
    return (await repo.listPictures(db, estimateId)).map(toPicture);
  }

  async function bytes(viewer: Viewer, estimateId: string, pictureId: string) {
    await estimates.get(viewer, estimateId);
    if (!isUuid(pictureId)) throw notFound(PICTURE_NOT_FOUND);
    const row = await repo.findPicture(db, estimateId, pictureId);
    if (!row) throw notFound(PICTURE_NOT_FOUND);
    return row;
  }

  async function remove(user: UserRow, estimateId: string, pictureId: string): Promise<void> {
    if (!isUuid(estimateId) || !isUuid(pictureId)) throw notFound(PICTURE_NOT_FOUND);
    if (!(await estimatesRepo.lockEstimate(db, estimateId, user.id)))
      throw notFound(ESTIMATE_ERRORS.notFound);
    if (!(await repo.deletePicture(db, estimateId, pictureId, user.id))) throw notFound(PICTURE_NOT_FOUND);
  }

  return { add, list, bytes, remove };
}
