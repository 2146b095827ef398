// Response times, read from the messages table for the features that show them beside a provider (the owner's bid
// list, the conversation list) and a customer (their reputation, decision 0044).
import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { preparedSql } from '#server/db/prepared';

type Side = 'provider' | 'customer';

/** The statement for one side: a provider answers customers, a customer answers providers. */
const medianStatementFor = (side: Side) =>
  preparedSql<{ provider_id: string; median: number | string }>(
    side === 'provider' ? 'median_first_response' : 'median_first_response_customer',
    () => {
      const otherRole = sql.raw(side === 'provider' ? `'customer'` : `'provider'`);
      const ids = sql.placeholder('ids');
      return sql`
    with t as (
      select estimate_id, receiver_id as provider_id, sender_id as other_id, created_at, true as asked
      from messages where receiver_id = any(${ids}::uuid[])
      union all
      select estimate_id, sender_id, receiver_id, created_at, false
      from messages where sender_id = any(${ids}::uuid[])
    ), conv as (
      select provider_id, other_id, min(created_at) filter (where asked) as asked_at,
        array_agg(created_at) filter (where not asked) as replies
      from t group by estimate_id, provider_id, other_id
    ), answered as (
      select provider_id,
        extract(epoch from (select min(r) from unnest(replies) as r where r > asked_at) - asked_at) as seconds
      from conv
      where asked_at is not null and (select u.role from users u where u.id = other_id) = ${otherRole}
    )
    select provider_id, percentile_cont(0.5) within group (order by seconds) as median
    from answered where seconds is not null group by provider_id`;
    },
  );
const medianStatements = {
  provider: medianStatementFor('provider'),
  customer: medianStatementFor('customer'),
};

/**
 * Each provider's median first-response time in seconds: per conversation, from the customer's first message
 * to the provider's next message in it (a conversation the customer never wrote in, or the provider never
 * answered, does not count). With side 'customer', each customer's: from a provider's first message to the
 * customer's next one (the same rule with the roles swapped; the columns keep the provider's names). One
 * statement for the listed providers (at most one conversation list's worth),
 * one pass over their messages: those they received and those they sent, grouped by conversation (the other
 * side's role read once per conversation, not a scan of every customer); the ids go as one array parameter, so
 * the statement text is the same for any number of providers.
 */
export async function medianFirstResponseSeconds(
  db: Executor,
  providerIds: readonly string[],
  side: Side = 'provider',
): Promise<Map<string, number>> {
  if (providerIds.length === 0) return new Map();
  const rows = await medianStatements[side](db, { ids: [...new Set(providerIds)] });
  return new Map(rows.map((r) => [r.provider_id, Number(r.median)]));
}
