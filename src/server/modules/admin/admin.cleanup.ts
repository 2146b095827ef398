// The test-data clean-up: which live accounts look like test data (or every one, when asked) with what each
// holds, and deleting a selection of them, which skips any account that does not look like test data. Admins,
// the acting one included, are never candidates.
import type { DeletionMode } from '#domain/schemas/admin.schema';
import type { CleanupPreview } from '#domain/schemas/admin-api.schema';
import type { AppContext } from '#server/context';
import type { Admin } from './admin.actor.ts';
import type { AdminDeletion } from './admin.deletion.ts';
import * as repo from './admin.repo.ts';

/** The most candidates the preview lists (its total counts them all). */
const PREVIEW_LIMIT = 500;

export type AdminCleanup = ReturnType<typeof createAdminCleanup>;

export function createAdminCleanup(ctx: Pick<AppContext, 'db'>, deletion: AdminDeletion) {
  const { db } = ctx;

  return {
    async preview(admin: Admin, q: { scope: 'test' | 'all'; search: string }): Promise<CleanupPreview> {
      const found = await repo.cleanupCandidates(db, {
        exceptId: admin.id,
        all: q.scope === 'all',
        search: q.search,
        limit: PREVIEW_LIMIT,
      });
      return {
        totalUsers: found.total,
        users: found.users.map((u) => ({
          id: u.id,
          email: u.email,
          first_name: u.firstName,
          last_name: u.lastName,
          role: u.role,
          created_at: u.createdAt.toISOString(),
          is_test: u.isTest,
          counts: {
            estimates: u.estimates,
            messages: u.messages,
            posted_tasks: u.postedTasks,
            conversations: u.conversations,
          },
        })),
      };
    },

    /** Deletes the selection one user at a time; the ids of those deleted, and every user's outcome. */
    async execute(admin: Admin, ids: readonly string[], mode: DeletionMode) {
      const { results } = await deletion.deleteMany(admin, ids, mode, { onlyTestData: true });
      return {
        mode,
        userIds: results.filter((r) => r.status === 'deleted').map((r) => r.userId),
        results,
      };
    },
  };
}
