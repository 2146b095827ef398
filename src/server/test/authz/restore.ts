// For rows whose call changes the caller's own account (profile edits, plan changes, account cancel): each call
// of such a row first puts every actor's user row back as the actors were made, so the previous actor's change
// (a new plan, a closed account) cannot leak into later calls or rows. The last actor of every row is
// deletedUser, whose calls change nothing, so a row leaves no change behind either.
import { gte } from 'drizzle-orm';
import type { BuiltApp } from '#server/app';
import { estimates, projects } from '#server/db/schema/index';
import { updateUser } from '#server/modules/users';
import type { Actors } from './actors.ts';
import type { RowContext, RowRequest } from './table.ts';

export async function restoreActors(app: BuiltApp, actors: Actors): Promise<void> {
  for (const original of Object.values(actors.users)) {
    const { id, password, ...columns } = original;
    void password;
    await updateUser(app.ctx.db, id, columns);
  }
}

/** A row's request builder that restores the actors first. */
export const restoring =
  (build: (ctx: RowContext) => RowRequest | Promise<RowRequest> = () => ({})) =>
  async (ctx: RowContext): Promise<RowRequest> => {
    await restoreActors(ctx.app, ctx.actors);
    return build(ctx);
  };

/**
 * A posting row's request builder that first moves every post of this month to last month, so the caller's
 * monthly posted allowance (shared by estimates and public projects, decision 0017) is whole for the call.
 */
export const withPostedAllowance =
  (build: (ctx: RowContext) => RowRequest | Promise<RowRequest>) =>
  async (ctx: RowContext): Promise<RowRequest> => {
    const t = ctx.app.ctx.now();
    const lastMonth = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - 1, 15));
    const db = ctx.app.ctx.db;
    await db
      .update(projects)
      .set({ createdAt: lastMonth })
      .where(gte(projects.createdAt, monthStart(t)));
    await db
      .update(estimates)
      .set({ firstPostedAt: lastMonth })
      .where(gte(estimates.firstPostedAt, monthStart(t)));
    return build(ctx);
  };

const monthStart = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
