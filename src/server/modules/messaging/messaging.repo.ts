// The messages table: inserts, the thread and conversation reads (one statement each), read and delete marks,
// and the count behind the customer's messageLimit.
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '#domain/permissions';
import type { Executor } from '#server/db/client';
import { preparedSql } from '#server/db/prepared';
import { bids, estimates, messages, users, type MessageRow, type NewMessage } from '#server/db/schema/index';
import { containsPattern } from '#server/db/contains-pattern';
import { jobConversationOpenOf } from '#server/modules/read-model';

export type { MessageRow, NewMessage };

/** What the messaging rules read of an estimate and its owner. */
export interface EstimateForMessaging {
  id: string;
  ownerId: string;
  title: string;
  category: string;
  taskName: string;
  status: string;
  deletedAt: Date | null;
  ownerDeletedAt: Date | null;
  ownerMessageLimit: number | null;
}

/** The columns of an EstimateForMessaging, from estimates joined with the owner's row. */
const estimateColumns = {
  id: estimates.id,
  ownerId: estimates.ownerId,
  title: estimates.title,
  category: estimates.category,
  taskName: estimates.taskName,
  status: estimates.status,
  deletedAt: estimates.deletedAt,
  ownerDeletedAt: users.deletedAt,
  ownerMessageLimit: users.messageLimit,
};

export async function findEstimate(db: Executor, id: string): Promise<EstimateForMessaging | null> {
  const [row] = await db
    .select(estimateColumns)
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.ownerId))
    .where(eq(estimates.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * What a send reads before its transaction, in one statement: the estimate and its owner (null: no such estimate),
 * whether `receiverId` is an active (not deleted) account, who has written in the conversation (estimate,
 * sender, receiver) so far: whether the sender has, whether the receiver has; whether the receiver has a bid
 * on the estimate; and whether the two are the parties of a job on it whose conversation is open at `at`.
 */
export async function sendContext(
  db: Executor,
  q: { estimateId: string; senderId: string; receiverId: string; at: Date },
): Promise<{
  estimate: EstimateForMessaging;
  receiverActive: boolean;
  aSent: boolean;
  bSent: boolean;
  receiverBid: boolean;
  jobParty: boolean;
} | null> {
  const sent = (from: string, to: string) =>
    sql<boolean>`exists (select 1 from ${messages} where ${messages.estimateId} = ${estimates.id}
      and ${messages.senderId} = ${from} and ${messages.receiverId} = ${to})`.mapWith(Boolean);
  const [row] = await db
    .select({
      ...estimateColumns,
      receiverActive: sql<boolean>`exists (select 1 from ${users} r
        where r.id = ${q.receiverId} and r.deleted_at is null)`.mapWith(Boolean),
      aSent: sent(q.senderId, q.receiverId),
      bSent: sent(q.receiverId, q.senderId),
      receiverBid: hasBidOf(estimates.id, q.receiverId),
      jobParty: jobConversationOpenOf(estimates.id, q.senderId, q.receiverId, q.at),
    })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.ownerId))
    .where(eq(estimates.id, q.estimateId))
    .limit(1);
  if (!row) return null;
  const { receiverActive, aSent, bSent, receiverBid, jobParty, ...estimate } = row;
  return { estimate, receiverActive, aSent, bSent, receiverBid, jobParty };
}

/**
 * Whether the provider has a bid on the estimate, as a column of a statement (the bid is a reason for the
 * estimate's owner to write to that provider first). Read from the bids table here rather than through the bids
 * module, whose service imports this module.
 */
function hasBidOf(estimateId: AnyColumn | string, providerId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${bids} where ${bids.estimateId} = ${estimateId}
    and ${bids.providerId} = ${providerId})`.mapWith(Boolean);
}

/** Whether this provider has a bid on the estimate. */
export async function hasBid(db: Executor, estimateId: string, providerId: string): Promise<boolean> {
  const rows = await db.execute<{ has: boolean }>(sql`select ${hasBidOf(estimateId, providerId)} as has`);
  return Boolean(rows.rows[0]?.has);
}

/**
 * Holds transaction-scoped locks on these names (parallel sends that count the same limit, or write to the same
 * user, go one at a time), taken one after another in the order given, in one statement: the rows of `unnest ...
 * with ordinality` come in array order, and the lock calls are made in that order.
 */
export async function lockNames(db: Executor, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const list = sql.join(
    names.map((n) => sql`${n}::text`),
    sql`, `,
  );
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(l.name, 0))
    from unnest(array[${list}]) with ordinality as l(name, i) order by l.i`);
}

export async function insertMessage(db: Executor, values: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

const pairIs = (a: string, b: string) =>
  or(
    and(eq(messages.senderId, a), eq(messages.receiverId, b)),
    and(eq(messages.senderId, b), eq(messages.receiverId, a)),
  );

/** Who has written in the conversation (estimate, a, b): whether a has, whether b has. */
export async function pairActivity(
  db: Executor,
  estimateId: string,
  a: string,
  b: string,
): Promise<{ aSent: boolean; bSent: boolean }> {
  const rows = await db
    .selectDistinct({ senderId: messages.senderId })
    .from(messages)
    .where(and(eq(messages.estimateId, estimateId), pairIs(a, b)));
  return { aSent: rows.some((r) => r.senderId === a), bSent: rows.some((r) => r.senderId === b) };
}

/**
 * The providers the owner has a conversation with about this estimate, whoever wrote first (the customer's
 * messageLimit counts them).
 */
export async function providersOnEstimate(
  db: Executor,
  estimateId: string,
  ownerId: string,
): Promise<number> {
  const other = sql<string>`case when ${messages.senderId} = ${ownerId} then ${messages.receiverId} else ${messages.senderId} end`;
  const rows = await db
    .selectDistinct({ id: other })
    .from(messages)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(messages.estimateId, estimateId),
        or(eq(messages.receiverId, ownerId), eq(messages.senderId, ownerId)),
        eq(users.role, 'provider'),
      ),
    );
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------------
// Reads with the names the API shows

const sender = alias(users, 'sender');

const viewColumns = {
  message: messages,
  estimateTitle: estimates.title,
  senderFirstName: sender.firstName,
  senderLastName: sender.lastName,
  senderRole: sender.role,
};

export interface MessageWithNames {
  message: MessageRow;
  estimateTitle: string;
  senderFirstName: string;
  senderLastName: string;
  senderRole: Role;
}

function selectViews(db: Executor) {
  return db
    .select(viewColumns)
    .from(messages)
    .innerJoin(estimates, eq(estimates.id, messages.estimateId))
    .innerJoin(sender, eq(sender.id, messages.senderId));
}

export async function findMessageView(db: Executor, id: string): Promise<MessageWithNames | null> {
  const [row] = await selectViews(db).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

export async function findMessagesView(db: Executor, ids: readonly string[]): Promise<MessageWithNames[]> {
  if (ids.length === 0) return [];
  return selectViews(db)
    .where(inArray(messages.id, [...ids]))
    .orderBy(asc(messages.seq));
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

/** The seq of a message one of these users sent or received (a cursor), or null. */
export async function seqOf(db: Executor, id: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.id, id), or(eq(messages.senderId, userId), eq(messages.receiverId, userId))))
    .limit(1);
  return row?.seq ?? null;
}

/**
 * A page of a thread, newest first (the service reverses it): the messages on an estimate between `viewer`
 * and `other`, or between `viewer` and anyone when other is null, older than `beforeSeq`.
 */
export function threadPage(
  db: Executor,
  q: { estimateId: string; viewer: string; other: string | null; beforeSeq: number | null; limit: number },
): Promise<MessageWithNames[]> {
  const conds: (SQL | undefined)[] = [
    eq(messages.estimateId, q.estimateId),
    q.other
      ? pairIs(q.viewer, q.other)
      : or(eq(messages.senderId, q.viewer), eq(messages.receiverId, q.viewer)),
  ];
  if (q.beforeSeq !== null) conds.push(lt(messages.seq, q.beforeSeq));
  return selectViews(db)
    .where(and(...conds))
    .orderBy(desc(messages.seq))
    .limit(q.limit);
}

/** Everything a user sent or received after `afterSeq`, oldest first (reconnect backfill). */
export function messagesAfter(db: Executor, userId: string, afterSeq: number, limit: number) {
  return selectViews(db)
    .where(
      and(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)), gt(messages.seq, afterSeq)),
    )
    .orderBy(asc(messages.seq))
    .limit(limit);
}

/** Marks these messages read where `receiverId` is their receiver; returns the ones it changed. */
export async function markRead(
  db: Executor,
  receiverId: string,
  ids: readonly string[],
  at: Date,
): Promise<{ id: string; senderId: string }[]> {
  if (ids.length === 0) return [];
  return db
    .update(messages)
    .set({ readAt: at })
    .where(
      and(
        inArray(messages.id, [...ids]),
        eq(messages.receiverId, receiverId),
        isNull(messages.readAt),
        isNull(messages.deletedAt),
      ),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), isNull(messages.readAt), isNull(messages.deletedAt)));
  return Number(row?.n ?? 0);
}

export async function softDelete(db: Executor, id: string, senderId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ deletedAt: at })
    .where(and(eq(messages.id, id), eq(messages.senderId, senderId), isNull(messages.deletedAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export type ConversationRow = {
  estimate_id: string;
  estimate_title: string;
  other_id: string;
  other_first_name: string;
  other_role: Role;
  last_content: string;
  last_deleted: boolean;
  last_created_at: string | Date;
  unread_count: number;
};

const conversationsStatement = preparedSql<ConversationRow>('conversations', () => {
  const userId = sql.placeholder('userId');
  return sql`
    with mine as (
      select m.*, case when m.sender_id = ${userId} then m.receiver_id else m.sender_id end as other_id
      from messages m where m.sender_id = ${userId} or m.receiver_id = ${userId}
    ), last as (
      select distinct on (estimate_id, other_id) estimate_id, other_id, content, deleted_at, created_at, seq
      from mine order by estimate_id, other_id, seq desc
    ), unread as (
      select estimate_id, sender_id as other_id, count(*)::int as n from messages
      where receiver_id = ${userId} and read_at is null and deleted_at is null
      group by estimate_id, sender_id
    )
    select l.estimate_id, e.title as estimate_title, l.other_id, u.first_name as other_first_name,
      u.role as other_role, l.content as last_content, (l.deleted_at is not null) as last_deleted,
      l.created_at as last_created_at, coalesce(un.n, 0) as unread_count
    from last l
    join estimates e on e.id = l.estimate_id
    join users u on u.id = l.other_id
    left join unread un on un.estimate_id = l.estimate_id and un.other_id = l.other_id
    order by l.seq desc
    limit ${sql.placeholder('limit')}`;
});

/** The user's conversations (estimate and other user), newest activity first, with unread counts: one query. */
export function conversations(db: Executor, userId: string, limit: number): Promise<ConversationRow[]> {
  return conversationsStatement(db, { userId, limit });
}

/** Which of `targetIds` share a conversation with the viewer (the users module's visibility rule). */
export async function conversationPartners(
  db: Executor,
  viewerId: string,
  targetIds: readonly string[],
): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const ids = [...targetIds];
  const rows = await db
    .selectDistinct({ sender: messages.senderId, receiver: messages.receiverId })
    .from(messages)
    .where(
      or(
        and(eq(messages.senderId, viewerId), inArray(messages.receiverId, ids)),
        and(eq(messages.receiverId, viewerId), inArray(messages.senderId, ids)),
      ),
    );
  return new Set(rows.map((r) => (r.sender === viewerId ? r.receiver : r.sender)));
}

// ---------------------------------------------------------------------------------------------------------
// Admin message threads

export type AdminThreadKey = {
  estimate_id: string;
  task: string;
  final_cents: number;
  customer_id: string;
  customer_first: string;
  customer_last: string;
  provider_id: string;
  provider_first: string;
  provider_last: string;
  last_seq: number;
  total: number;
};

/**
 * The conversations on estimates, newest activity first, one page: the estimate's owner on one side, the other
 * participant on the other. `search` matches the task, the estimate title, either name or a message's content.
 */
export async function adminThreads(
  db: Executor,
  q: { search: string | null; limit: number; offset: number },
): Promise<AdminThreadKey[]> {
  const like = q.search ? containsPattern(q.search) : null;
  const rows = await db.execute<AdminThreadKey>(sql`
    with t as (
      select m.estimate_id,
        case when m.sender_id = e.owner_id then m.receiver_id else m.sender_id end as provider_id,
        max(m.seq) as last_seq,
        bool_or(${like}::text is null or lower(m.content) like ${like}) as content_hit
      from messages m join estimates e on e.id = m.estimate_id
      group by 1, 2
    )
    select t.estimate_id, e.task_name as task, e.final_cents, e.owner_id as customer_id,
      c.first_name as customer_first, c.last_name as customer_last, t.provider_id,
      p.first_name as provider_first, p.last_name as provider_last, t.last_seq,
      count(*) over ()::int as total
    from t
    join estimates e on e.id = t.estimate_id
    join users c on c.id = e.owner_id
    join users p on p.id = t.provider_id
    where ${like}::text is null or t.content_hit
      or lower(e.task_name || ' ' || e.title || ' ' || c.first_name || ' ' || c.last_name || ' '
        || p.first_name || ' ' || p.last_name) like ${like}
    order by t.last_seq desc
    limit ${q.limit} offset ${q.offset}`);
  return rows.rows;
}
