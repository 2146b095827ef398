// What the sitemap lists (decision 0046): the pros with a page in the directory (an open provider account, listed,
// on a paid plan or a trial in force) and the live public projects of open accounts, each with the time it last
// changed as far as the page shows it.
import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { planInForceSql } from './profiles.repo.ts';

export interface SitemapPro {
  id: string;
  companyName: string | null;
  firstName: string;
  lastName: string;
  lastmod: Date;
  /** When the plan that lists the pro ends (the paid period or the trial); null when it does not. */
  until: Date | null;
}

/**
 * The listed pros in id order. Their page last changed at the latest of the account's creation, a counted review's
 * publication or answer, a portfolio photo's upload and a credential's verdict (each aggregated once, joined).
 */
export async function sitemapPros(
  db: Executor,
  paidPlans: readonly string[],
  now: Date,
): Promise<SitemapPro[]> {
  const res = await db.execute<{
    id: string;
    company_name: string | null;
    first_name: string;
    last_name: string;
    lastmod: string | Date;
    until: string | Date | null;
  }>(sql`
    select u.id, u.company_name, u.first_name, u.last_name,
      greatest(u.created_at, rv.at, pf.at, cr.at) as lastmod,
      coalesce(u.subscription_expiry_date, u.trial_end_date) as until
    from users u
    left join (
      select subject_id, max(greatest(published_at, response_at)) as at from reviews
      where author_side = 'customer' and published_at is not null group by subject_id
    ) rv on rv.subject_id = u.id
    left join (select provider_id, max(created_at) as at from portfolio_photos group by provider_id) pf
      on pf.provider_id = u.id
    left join (
      select provider_id, max(reviewed_at) as at from provider_credentials group by provider_id
    ) cr on cr.provider_id = u.id
    where u.deleted_at is null and u.role = 'provider' and u.listed
      and ${planInForceSql(paidPlans, now)}
    order by u.id`);
  return res.rows.map((r) => ({
    id: r.id,
    companyName: r.company_name,
    firstName: r.first_name,
    lastName: r.last_name,
    lastmod: new Date(r.lastmod),
    until: r.until ? new Date(r.until) : null,
  }));
}

/** The live public projects of open accounts, newest first (a project is not edited: its posting is its lastmod). */
export async function sitemapProjects(db: Executor): Promise<{ id: string; lastmod: Date }[]> {
  const res = await db.execute<{ id: string; created_at: string | Date }>(sql`
    select p.id, p.created_at from projects p
    where p.status = 'live' and p.owner_id not in (select u.id from users u where u.deleted_at is not null)
    order by p.created_at desc, p.id`);
  return res.rows.map((r) => ({ id: r.id, lastmod: new Date(r.created_at) }));
}
