// Sign-up payloads (POST /api/auth/register bodies) for tests. Users, sessions and HTTP helpers: factories.ts, login.ts.
import type { RegisterInput } from '#domain/schemas/auth.schema';
import { PASSWORD, REGION_ID, uniqueEmail } from './factories.ts';

export function customerPayload(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    firstName: 'Casey',
    lastName: 'Customer',
    email: uniqueEmail('customer'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role: 'customer',
    termsAccepted: true,
    ...overrides,
  };
}

export function providerPayload(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return customerPayload({
    firstName: 'Pat',
    lastName: 'Provider',
    email: uniqueEmail('provider'),
    role: 'provider',
    subscriptionPlan: 'starter',
    selectedCategory: 'home-repair',
    selectedTasks: ['painting'],
    selectedRegion: REGION_ID,
    ...overrides,
  });
}
