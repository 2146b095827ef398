// Who may see whom (GET /api/users/{id}, chat headers): an admin sees everyone, a user sees themselves, and
// anyone sees the users they share a conversation or an estimate with. The first two rules live here; the
// features that create those relationships add theirs to the app's rules (app.ctx.userVisibility.addRule) as the
// app is built, so this module never imports them.
import type { Role } from '#domain/permissions';
import type { Executor } from '#server/db/client';

export interface Viewer {
  id: string;
  /** The role in force now (an expired admin is a customer). */
  role: Role;
}

/** Which of `targetIds` the viewer may see through one relationship (e.g. a shared conversation). */
export type UserVisibilityRule = (
  db: Executor,
  viewer: Viewer,
  targetIds: readonly string[],
) => Promise<ReadonlySet<string>>;

export interface UserVisibility {
  /** Adds (or replaces, by name) a relationship that lets a user see another. */
  addRule(name: string, rule: UserVisibilityRule): void;
  /** The ids among `targetIds` that the viewer may see. */
  visibleUserIds(db: Executor, viewer: Viewer, targetIds: readonly string[]): Promise<Set<string>>;
  /** Whether the viewer may see this user: admin, self, or a relationship some feature added. */
  canSeeUser(db: Executor, viewer: Viewer, targetId: string): Promise<boolean>;
}

/** The rules of one app: admin and self, and what the features add as the app is built. */
export function createUserVisibility(): UserVisibility {
  const rules = new Map<string, UserVisibilityRule>();

  async function visibleUserIds(
    db: Executor,
    viewer: Viewer,
    targetIds: readonly string[],
  ): Promise<Set<string>> {
    if (viewer.role === 'admin') return new Set(targetIds);
    const visible = new Set(targetIds.filter((id) => id === viewer.id));
    let rest = targetIds.filter((id) => !visible.has(id));
    for (const rule of rules.values()) {
      if (rest.length === 0) break;
      for (const id of await rule(db, viewer, rest)) visible.add(id);
      rest = rest.filter((id) => !visible.has(id));
    }
    return visible;
  }

  return {
    addRule: (name, rule) => void rules.set(name, rule),
    visibleUserIds,
    canSeeUser: async (db, viewer, targetId) => (await visibleUserIds(db, viewer, [targetId])).has(targetId),
  };
}
