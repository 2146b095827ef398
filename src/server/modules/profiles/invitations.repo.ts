// Invitations to bid (decision 0046): once per estimate and pro (the table's unique key decides a race).
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { estimateInvitations as i } from '#server/db/schema/index';

export async function invitationExists(db: Executor, estimateId: string, providerId: string) {
  const [row] = await db
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.estimateId, estimateId), eq(i.providerId, providerId)));
  return row !== undefined;
}

/** The new invitation's id; undefined when the pro was already invited to the estimate. */
export async function insertInvitation(
  db: Executor,
  values: { estimateId: string; providerId: string; customerId: string; createdAt: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(i)
    .values(values)
    .onConflictDoNothing({ target: [i.estimateId, i.providerId] })
    .returning({ id: i.id });
  return row?.id;
}
