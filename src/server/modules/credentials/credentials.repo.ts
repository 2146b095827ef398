// The credentials' queries (decision 0046): a provider's own licenses and insurance, the admin's Verifications tab,
// a verdict, and the document's bytes (read only for the download, deleted 90 days after a denial or the expiry).
// Every read but the download leaves the document's bytes in the database.
import { and, asc, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { CredentialStatus } from '#domain/profiles';
import type { Executor } from '#server/db/client';
import { providerCredentials as c, users } from '#server/db/schema/index';

const { document: _document, ...metaColumns } = getTableColumns(c);
/** A credential without its document's bytes. */
export type CredentialMeta = Omit<typeof c.$inferSelect, 'document'>;
type NewCredential = Omit<typeof c.$inferInsert, 'id'>;

export async function insertCredential(db: Executor, values: NewCredential): Promise<CredentialMeta> {
  const [row] = await db.insert(c).values(values).returning(metaColumns);
  return row!;
}

/** A provider's credentials, newest first. */
export function listOwn(db: Executor, providerId: string): Promise<CredentialMeta[]> {
  return db
    .select(metaColumns)
    .from(c)
    .where(eq(c.providerId, providerId))
    .orderBy(desc(c.createdAt), desc(c.id));
}

export async function findCredential(db: Executor, id: string): Promise<CredentialMeta | undefined> {
  const [row] = await db.select(metaColumns).from(c).where(eq(c.id, id));
  return row;
}

/** The credential, locked for a change (an edit, a verdict, scheduled work) until the transaction ends. */
export async function lockCredential(db: Executor, id: string): Promise<CredentialMeta | undefined> {
  const [row] = await db.select(metaColumns).from(c).where(eq(c.id, id)).for('update');
  return row;
}

export async function updateCredential(
  db: Executor,
  id: string,
  values: Partial<NewCredential>,
): Promise<CredentialMeta> {
  const [row] = await db.update(c).set(values).where(eq(c.id, id)).returning(metaColumns);
  return row!;
}

/** Deletes a provider's own credential; false when they have none of that id. */
export async function deleteOwn(db: Executor, id: string, providerId: string): Promise<boolean> {
  const rows = await db
    .delete(c)
    .where(and(eq(c.id, id), eq(c.providerId, providerId)))
    .returning({ id: c.id });
  return rows.length === 1;
}

/** The document's bytes with who owns it; `document` null once deleted. */
export async function documentOf(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: c.id,
      providerId: c.providerId,
      kind: c.kind,
      documentType: c.documentType,
      document: c.document,
      documentDeletedAt: c.documentDeletedAt,
    })
    .from(c)
    .where(eq(c.id, id));
  return row;
}

/** Deletes the document's bytes, keeping the row (its facts and verdict stay for the record). */
export async function purgeDocument(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(c).set({ document: null, documentDeletedAt: at }).where(eq(c.id, id));
}

export type AdminStatusFilter = CredentialStatus | 'all';

/**
 * One page of the admin's tab with the uploaders, and the total: pending oldest first (the queue, first come
 * first checked), the others newest first.
 */
export async function adminPage(
  db: Executor,
  q: { status: AdminStatusFilter; page: number; pageSize: number },
) {
  const where = q.status === 'all' ? undefined : eq(c.status, q.status);
  const order = q.status === 'pending' ? [asc(c.createdAt), asc(c.id)] : [desc(c.createdAt), desc(c.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        credential: metaColumns,
        provider: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          companyName: users.companyName,
        },
      })
      .from(c)
      .innerJoin(users, eq(users.id, c.providerId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(c).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The uploader's facts beside one credential (the verdict's answer and audit entry). */
export async function providerOf(db: Executor, providerId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: users.companyName,
    })
    .from(users)
    .where(eq(users.id, providerId));
  return row;
}
