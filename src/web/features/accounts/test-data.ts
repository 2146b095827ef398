// Answers of the account routes for the screens' tests, shaped by the domain's response schemas.
import type { RoleRequestItem, UserSettings } from '#domain/schemas/account.schema';
import { makeUserSettings } from '#web/test/builders.ts';

export function makeRoleRequest(overrides: Partial<RoleRequestItem> = {}): RoleRequestItem {
  return {
    id: 'r1',
    userId: 'u1',
    requestedRole: 'provider',
    reason: 'I run a plumbing business.',
    status: 'pending',
    requestedAt: '2026-01-05T12:00:00.000Z',
    reviewedAt: null,
    adminComment: null,
    ...overrides,
  };
}

/** The reads /settings makes on opening: the messaging limit and plan, and no role requests. */
export function settingsRoutes(settings: Partial<UserSettings> = {}) {
  return {
    'GET /api/user/settings': { body: makeUserSettings(settings) },
    'GET /api/role-requests': { body: [] as RoleRequestItem[] },
  };
}
