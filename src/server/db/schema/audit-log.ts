import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * What admins (and the system) did to accounts: role changes, role request reviews, edits, deletions. Rows
 * outlive their actor (actorId set null when a user is removed for good); details carry names and emails as
 * they were at the time.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** 'Edit User', 'Change Role', 'Delete User', 'Change Subscription', 'Review Role Request', ... */
    action: text().notNull(),
    /** The kind of object acted on: 'user', 'role_request', ... */
    targetType: text().notNull(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt), index().on(t.actorId, t.createdAt), index().on(t.action, t.createdAt)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
