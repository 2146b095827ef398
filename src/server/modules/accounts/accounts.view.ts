// The profile as the API shows it (src/domain/schemas/account.schema.ts).
import type { Profile } from '#domain/schemas/account.schema';
import { iso } from '#domain/dates';
import { effectiveRole } from '#domain/permissions';
import { planInForce, type UserRow } from '#server/modules/users';

export function toProfile(u: UserRow, now: Date): Profile {
  return {
    id: u.id,
    email: u.email,
    role: effectiveRole(u, now),
    firstName: u.firstName,
    lastName: u.lastName,
    emailVerified: u.emailVerifiedAt != null,
    phone: u.phone,
    address: u.address,
    city: u.city,
    state: u.state,
    zipCode: u.zipCode,
    companyName: u.companyName,
    description: u.description,
    subscriptionPlan: planInForce(u, now),
    selectedCategory: u.selectedCategory,
    selectedTasks: u.selectedTasks,
    trialEndDate: iso(u.trialEndDate),
    hasUsedTrial: u.hasUsedTrial,
    subscriptionExpiryDate: iso(u.subscriptionExpiryDate),
    messageLimit: u.messageLimit,
    listed: u.listed,
  };
}
