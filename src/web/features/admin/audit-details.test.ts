// Each kind of audit entry the server writes (admin users, deletion, role requests, account closing), with the
// details it stores, reads as sentences.
import { describe, expect, it } from 'vitest';
import { auditActionTypes } from '#domain/schemas/admin-api.schema';
import { describeAuditDetails } from './audit-details.ts';

const tz = 'UTC';
const people = {
  targetUserName: 'Casey Jones',
  targetUserEmail: 'casey@example.com',
  adminName: 'Ada Admin',
  adminEmail: 'ada@homefix.test',
};
const say = (action: string, details: Record<string, unknown>) => describeAuditDetails(action, details, tz);

describe('audit details in sentences', () => {
  it('Edit User: each changed field, from and to', () => {
    expect(
      say('Edit User', {
        changes: {
          firstName: { from: 'Ann', to: 'Anna' },
          email: { from: 'ann@example.com', to: 'anna@example.com' },
        },
        ...people,
      }),
    ).toBe('First name: Ann → Anna. Email: ann@example.com → anna@example.com.');
  });

  it('Change Subscription: the plan by its name', () => {
    expect(
      say('Change Subscription', {
        changes: { subscriptionPlan: { from: 'starter', to: 'deluxe' } },
        ...people,
      }),
    ).toBe('Plan: Starter → Deluxe.');
  });

  it('Change Role from the role select: the roles by their names', () => {
    expect(
      say('Change Role', {
        changes: { role: { from: 'provider', to: 'customer' } },
        fromRole: 'provider',
        toRole: 'customer',
        ...people,
      }),
    ).toBe('Role: Service Provider → Customer.');
  });

  it('Change Role from the Edit User dialog: the role and the admin end date', () => {
    expect(
      say('Change Role', {
        changes: {
          role: { from: 'customer', to: 'admin' },
          adminExpiresAt: { from: null, to: '2027-03-01T17:00:00.000Z' },
        },
        ...people,
      }),
    ).toBe('Role: Customer → Admin. Admin until: no end date → 03/01/2027 05:00 PM.');
  });

  it('Change Role by an approved role request, with the comment', () => {
    expect(
      say('Change Role', {
        roleRequestId: 'r1',
        decision: 'approved',
        fromRole: 'customer',
        toRole: 'provider',
        requestedRole: 'provider',
        adminComment: 'Welcome aboard',
        targetUserName: 'Casey Jones',
        targetUserEmail: 'casey@example.com',
      }),
    ).toBe('Role: Customer → Service Provider, on their request. Comment: “Welcome aboard”');
  });

  it('Review Role Request: a denied request, with or without a comment', () => {
    const denied = {
      roleRequestId: 'r1',
      decision: 'denied',
      fromRole: 'customer',
      toRole: 'customer',
      requestedRole: 'admin',
      adminComment: null,
      ...people,
    };
    expect(say('Review Role Request', denied)).toBe('Denied their request to become Admin.');
    expect(say('Review Role Request', { ...denied, adminComment: 'Not yet' })).toBe(
      'Denied their request to become Admin. Comment: “Not yet”',
    );
  });

  it('Delete User: soft, hard (with the records removed) and an owner closing their account', () => {
    expect(say('Delete User', { mode: 'soft', ...people })).toBe(
      'Soft deleted: signed out, personal data redacted, estimates and messages kept.',
    );
    expect(say('Delete User', { mode: 'hard', wasSoftDeleted: false, recordsRemoved: 1, ...people })).toBe(
      'Hard deleted: the account and all of its data removed (1 record).',
    );
    expect(say('Delete User', { mode: 'hard', wasSoftDeleted: true, recordsRemoved: 12, ...people })).toBe(
      'Hard deleted: the account and all of its data removed (12 records). It had been soft deleted before.',
    );
    expect(say('Delete User', { mode: 'soft', by: 'self', reason: 'account canceled by its owner' })).toBe(
      'Closed their own account: personal data redacted, records kept.',
    );
  });

  it('Sign Out Everywhere: every device, or every other one when admins sign themselves out', () => {
    expect(say('Sign Out Everywhere', { keptOwnSession: false, ...people })).toBe(
      'Signed out of every device.',
    );
    expect(say('Sign Out Everywhere', { keptOwnSession: true, ...people })).toBe(
      'Signed out of every other device (the admin’s own session kept).',
    );
  });

  it('Reset Two-Step Verification', () => {
    expect(say('Reset Two-Step Verification', { ...people })).toBe(
      'Two-step verification switched off and every session ended.',
    );
  });

  it('every action type the filter offers has its own sentence, and nothing reads as JSON', () => {
    for (const action of auditActionTypes) {
      const out = say(action, { mode: 'soft', decision: 'denied', requestedRole: 'admin', ...people });
      expect(out, action).not.toMatch(/[{}"]|\[object/);
      expect(out, action).not.toBe('—');
    }
    // An unknown kind or field still reads as words.
    expect(say('Something New', { extraInfo: { nested: 'x' }, count: 2, ...people })).toBe(
      'Extra info: Nested x. Count: 2.',
    );
    expect(say('Edit User', { ...people })).toBe('—');
  });
});
