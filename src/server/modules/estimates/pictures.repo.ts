// Estimate pictures: the stored, re-encoded bytes and their metadata.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { estimatePictures } from '#server/db/schema/index';

const meta = {
  id: estimatePictures.id,
  estimateId: estimatePictures.estimateId,
  ownerId: estimatePictures.ownerId,
  contentType: estimatePictures.contentType,
  width: estimatePictures.width,
  height: estimatePictures.height,
  byteSize: estimatePictures.byteSize,
  createdAt: estimatePictures.createdAt,
};
export type PictureMeta = {
  id: string;
  estimateId: string;
  ownerId: string;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  createdAt: Date;
};

export async function countPictures(db: Executor, estimateId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(estimatePictures)
    .where(eq(estimatePictures.estimateId, estimateId));
  return row?.n ?? 0;
}

export async function insertPicture(
  db: Executor,
  values: typeof estimatePictures.$inferInsert,
): Promise<PictureMeta> {
  const [row] = await db.insert(estimatePictures).values(values).returning(meta);
  if (!row) throw new Error('picture not inserted');
  return row;
}

/** The pictures of an estimate, oldest first, without their bytes. */
export function listPictures(db: Executor, estimateId: string): Promise<PictureMeta[]> {
  return db
    .select(meta)
    .from(estimatePictures)
    .where(eq(estimatePictures.estimateId, estimateId))
    .orderBy(asc(estimatePictures.createdAt), asc(estimatePictures.id));
}

/** One picture of an estimate with its bytes. */
export async function findPicture(db: Executor, estimateId: string, pictureId: string) {
  const [row] = await db
    .select({ ...meta, data: estimatePictures.data })
    .from(estimatePictures)
    .where(and(eq(estimatePictures.id, pictureId), eq(estimatePictures.estimateId, estimateId)))
    .limit(1);
  return row ?? null;
}

export async function deletePicture(db: Executor, estimateId: string, pictureId: string, ownerId: string) {
  const rows = await db
    .delete(estimatePictures)
    .where(
      and(
        eq(estimatePictures.id, pictureId),
        eq(estimatePictures.estimateId, estimateId),
        eq(estimatePictures.ownerId, ownerId),
      ),
    )
    .returning({ id: estimatePictures.id });
  return rows.length > 0;
}
