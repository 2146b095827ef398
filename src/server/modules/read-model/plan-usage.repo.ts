// Counts shared by the features that draw on one plan allowance.
// - The customer plan's posted-per-month limit: estimates whose posting counted this month and public projects
//   posted this month, together (decision 0016). Both posting paths lock the owner's row first, so this count
//   cannot race.
// - The provider plan's customers per month: customers the provider started a conversation with about an
//   estimate, estimate owners who started one with the provider (after a bid), and owners of public projects
//   the provider first sent a message or offer on, this month, as one set (decisions 0009, 0016 and 0019). Every path that adds to it holds the provider's contact lock
//   (lockProviderContacts) while it counts and writes.
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { estimates, projects } from '#server/db/schema/index';

/** Posts of this owner at or after `since`: estimates (deleted ones included) and public projects. */
export async function countPostedSince(db: Executor, ownerId: string, since: Date): Promise<number> {
  const [[e], [p]] = await Promise.all([
    db
      .select({ n: count() })
      .from(estimates)
      .where(and(eq(estimates.ownerId, ownerId), gte(estimates.firstPostedAt, since))),
    db
      .select({ n: count() })
      .from(projects)
      .where(and(eq(projects.ownerId, ownerId), gte(projects.createdAt, since))),
  ]);
  return (e?.n ?? 0) + (p?.n ?? 0);
}

/** The name of the advisory lock that serialises everything that adds to one provider's customers this month. */
export const providerContactsLock = (providerId: string) => `messages:provider:${providerId}`;

/** Holds the provider's contact lock until the transaction ends. */
export async function lockProviderContacts(db: Executor, providerId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${providerContactsLock(providerId)}::text, 0))`,
  );
}

/**
 * The customers this provider has been in contact with since `since`, each once: the other side of every estimate
 * conversation that started since then, when the provider wrote its first message or the estimate's owner wrote it
 * to the provider, and the owner of every public project on which the provider's first message or offer was sent
 * since then. A project's owner is always an account (projects.owner_id is required).
 */
export async function customersContactedSince(
  db: Executor,
  providerId: string,
  since: Date,
): Promise<string[]> {
  const at = since.toISOString();
  const rows = await db.execute<{ id: string }>(sql`
    select distinct case when m.sender_id = ${providerId} then m.receiver_id else m.sender_id end as id
    from messages m
    where (m.sender_id = ${providerId}
        or (m.receiver_id = ${providerId}
          and m.sender_id = (select e.owner_id from estimates e where e.id = m.estimate_id)))
      and m.created_at >= ${at}::timestamptz
      and not exists (
        select 1 from messages p
        where p.estimate_id = m.estimate_id
          and least(p.sender_id, p.receiver_id) = least(m.sender_id, m.receiver_id)
          and greatest(p.sender_id, p.receiver_id) = greatest(m.sender_id, m.receiver_id)
          and p.seq < m.seq)
    union
    select pr.owner_id as id
    from project_messages pm
    join projects pr on pr.id = pm.project_id
    where pm.sender_user_id = ${providerId}
    group by pr.id, pr.owner_id
    having min(pm.created_at) >= ${at}::timestamptz`);
  return rows.rows.map((r) => r.id);
}
