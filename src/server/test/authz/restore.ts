// For rows whose call changes the caller's own account (profile edits, plan changes, account cancel): each call
// of such a row first puts every actor's user row back as the actors were made, so the previous actor's change
// (a new plan, a closed account) cannot leak into later calls or rows. The last actor of every row is
// deletedUser, whose calls change nothing, so a row leaves no change behind either.
import type { BuiltApp } from '#server/app';
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
