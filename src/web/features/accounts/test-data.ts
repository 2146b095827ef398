// Answers of the account routes for the screens' tests, shaped by the domain's response schemas.
import type { Profile, RoleRequestItem } from '#domain/schemas/account.schema';

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'u1',
    email: 'casey@example.com',
    role: 'customer',
    firstName: 'Casey',
    lastName: 'Jones',
    emailVerified: true,
    phone: null,
    address: null,
    city: 'Jacksonville',
    state: 'FL',
    zipCode: null,
    companyName: null,
    description: null,
    subscriptionPlan: 'free',
    selectedCategory: null,
    selectedTasks: [],
    trialEndDate: null,
    hasUsedTrial: false,
    subscriptionExpiryDate: null,
    messageLimit: 20,
    ...overrides,
  };
}

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
