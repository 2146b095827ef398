import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  PROVIDER_SIGNUP_MESSAGE,
  registerSchema,
  resendVerificationSchema,
  resetPasswordFormSchema,
} from './auth.schema.ts';
import { adminPasswordSchema, registerBodySchema, resetPasswordBodySchema } from './auth-body.schema.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../passwords/index.ts';
import {
  businessProfileSchema,
  customerProfileSchema,
  emailChangeAttempted,
  providerSettingsSchema,
} from './profile.schema.ts';
import {
  ROLE_REQUEST_MESSAGE,
  roleRequestFormSchema,
  roleRequestReviewSchema,
  roleRequestSchema,
  SAME_ROLE_MESSAGE,
} from './role-request.schema.ts';
import {
  markReadSchema,
  messageToCustomerSchema,
  sendMessageSchema,
  wsClientMessageSchema,
} from './message.schema.ts';
import {
  STARTER_TASK_MESSAGE,
  subscriptionChangeSchema,
  TRIAL_TASKS_MESSAGE,
  trialTasksSchema,
  UPGRADE_SELECTION_MESSAGE,
  upgradeSelectionSchema,
  userSettingsSchema,
} from './subscription.schema.ts';
import { idSchema, NAME_CONTROL_MESSAGE, NAME_LINK_MESSAGE, ymdSchema } from './common.ts';
import { publicUserSchema, sessionResponseSchema } from './user.schema.ts';

/** The messages of a failed parse, or [] when it succeeds. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('login', () => {
  it('valid email, password >= 6, rememberMe optional', () => {
    expect(loginSchema.parse({ email: ' A@B.CO ', password: '123456' })).toEqual({
      email: 'a@b.co',
      password: '123456',
    });
    expect(messages(loginSchema, { email: 'nope', password: '12345', rememberMe: true })).toEqual([
      'Please enter a valid email address',
      'Password must be at least 6 characters',
    ]);
  });
});

describe('sign-up', () => {
  const customer = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
    role: 'customer',
    termsAccepted: true,
  };
  const provider = {
    ...customer,
    role: 'provider',
    subscriptionPlan: 'starter',
    selectedCategory: 'home-repair',
    selectedTasks: ['cabinets'],
    selectedRegion: 191001,
  };

  it('accepts a customer and a complete provider', () => {
    expect(registerSchema.safeParse(customer).success).toBe(true);
    expect(registerSchema.safeParse(provider).success).toBe(true);
    expect(
      registerSchema.safeParse({
        ...provider,
        subscriptionPlan: 'deluxe',
        selectedTasks: ['cabinets', 'hvac'],
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ firstName: ' ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ email: 'x' }, 'Please enter a valid email address'],
    [{ password: '123', confirmPassword: '123' }, 'Password must be at least 8 characters'],
    [{ password: '123456', confirmPassword: '123456' }, 'Password must be at least 8 characters'],
    [
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'Password must be at most 128 characters',
    ],
    [{ confirmPassword: 'other123' }, 'Passwords do not match'],
    [{ termsAccepted: false }, 'You must accept the terms and conditions'],
  ])('%j -> %s', (patch, message) => {
    expect(messages(registerSchema, { ...customer, ...patch })).toContain(message);
  });

  it('role is customer or provider only; plan is starter or deluxe', () => {
    expect(registerSchema.safeParse({ ...customer, role: 'admin' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...provider, subscriptionPlan: 'enterprise' }).success).toBe(false);
  });

  it.each([
    { subscriptionPlan: undefined },
    { selectedCategory: undefined },
    { selectedTasks: [] },
    { selectedRegion: undefined },
  ])('provider missing %j -> the providers message', (patch) => {
    expect(messages(registerSchema, { ...provider, ...patch })).toEqual([PROVIDER_SIGNUP_MESSAGE]);
  });

  it('provider: known category, known unique tasks, starter exactly 1 task', () => {
    expect(messages(registerSchema, { ...provider, selectedCategory: 'automotive' })).toEqual([
      'Unknown category',
    ]);
    expect(messages(registerSchema, { ...provider, selectedTasks: ['nope'] })).toEqual([
      'Unknown or repeated task',
    ]);
    expect(
      messages(registerSchema, { ...provider, subscriptionPlan: 'deluxe', selectedTasks: ['hvac', 'hvac'] }),
    ).toEqual(['Unknown or repeated task']);
    expect(messages(registerSchema, { ...provider, selectedTasks: ['cabinets', 'hvac'] })).toEqual([
      'The Starter plan includes exactly 1 task',
    ]);
  });
});

describe('password and verification forms', () => {
  it('forgot password: valid email', () => {
    expect(messages(forgotPasswordSchema, { email: 'x' })).toEqual(['Please enter a valid email address']);
  });
  it('resend verification: email required', () => {
    expect(messages(resendVerificationSchema, { email: ' ' })).toEqual(['Please enter your email address']);
    expect(resendVerificationSchema.parse({ email: 'A@b.co' })).toEqual({ email: 'a@b.co' });
  });
  it.each([
    ['Abc123', 'Password must be at least 8 characters'],
    ['abcdefgh1', 'Password must contain at least one uppercase letter, lowercase letter, number'],
    ['ABCDEFGH1', 'Password must contain at least one uppercase letter, lowercase letter, number'],
    ['Abcdefghi', 'Password must contain at least one uppercase letter, lowercase letter, number'],
  ])('reset password %j -> %s', (password, message) => {
    expect(messages(resetPasswordFormSchema, { password, confirmPassword: password })).toContain(message);
  });
  it('reset password: confirm must match ("Passwords don\'t match"); body needs a token', () => {
    expect(messages(resetPasswordFormSchema, { password: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toEqual([
      "Passwords don't match",
    ]);
    expect(resetPasswordBodySchema.safeParse({ token: 't', password: 'Abcdefg9x' }).success).toBe(true);
    expect(resetPasswordBodySchema.safeParse({ token: '', password: 'Abcdefg9x' }).success).toBe(false);
  });
});

describe('names are plain text (they are printed in mail: docs/decisions/0006)', () => {
  const signup = {
    lastName: 'Lee',
    email: 'ann@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
    role: 'customer',
    termsAccepted: true,
  };
  it.each([
    'Ann',
    'Jean-Luc',
    "O'Brien",
    'Zoë',
    'J. R. R.',
    'Mary Ann',
    'Nguyễn',
    'محمد',
    'Dr. Smith',
    'St.John',
  ])('accepts %j', (firstName) => {
    expect(registerSchema.safeParse({ ...signup, firstName }).success).toBe(true);
    expect(customerProfileSchema.safeParse({ firstName, lastName: 'Lee', email: 'a@b.co' }).success).toBe(
      true,
    );
  });
  it.each([
    ['Eve\nClick the link below', NAME_CONTROL_MESSAGE],
    ['Eve\r\nBcc: x', NAME_CONTROL_MESSAGE],
    ['Eve\u0000', NAME_CONTROL_MESSAGE],
    ['Eve\u202egnp.exe', NAME_CONTROL_MESSAGE],
    ['Eve\u2028Bob', NAME_CONTROL_MESSAGE],
    ['http://evil.example', NAME_LINK_MESSAGE],
    ['Visit HTTPS://evil', NAME_LINK_MESSAGE],
    ['www.evil', NAME_LINK_MESSAGE],
    ['evil.com/x', NAME_LINK_MESSAGE],
    ['reset at evil.example/reset', NAME_LINK_MESSAGE],
    ['see EVIL.COM', NAME_LINK_MESSAGE],
    ['mail me: eve@evil.net', NAME_LINK_MESSAGE],
  ])('refuses %j: %s', (name, message) => {
    expect(messages(registerSchema, { ...signup, firstName: name })).toEqual([message]);
    expect(messages(registerSchema, { ...signup, firstName: 'Ann', lastName: name })).toEqual([message]);
    expect(messages(providerSettingsSchema, { firstName: name, lastName: 'Lee' })).toEqual([message]);
  });
  it('keeps the required messages for a missing name', () => {
    expect(messages(registerSchema, { ...signup, firstName: ' ' })).toEqual(['First name is required']);
  });
});

describe('new passwords beyond the original rules (docs/decisions/0006)', () => {
  const signup = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    role: 'customer',
    termsAccepted: true,
  };
  const withPassword = (password: string) => ({ ...signup, password, confirmPassword: password });

  it('sign-up needs 8 to 128 characters; the server body also refuses a common password', () => {
    expect(messages(registerSchema, withPassword('1234567'))).toEqual([
      'Password must be at least 8 characters',
      'Password must be at least 8 characters',
    ]);
    expect(registerSchema.safeParse(withPassword('password123')).success).toBe(true); // the form has no list
    expect(messages(registerBodySchema, withPassword('password123'))).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(messages(registerBodySchema, withPassword('PassWord123'))).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(messages(registerBodySchema, withPassword('homefix123'))).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(registerBodySchema.safeParse(withPassword('quiet-harbor-71')).success).toBe(true);
    expect(registerBodySchema.safeParse(withPassword('y'.repeat(128))).success).toBe(true);
  });

  it('reset and create-admin keep the upper, lower and digit rule, at most 128 characters, and refuse a common password', () => {
    expect(messages(resetPasswordBodySchema, { token: 't', password: 'Password1' })).toEqual([
      COMMON_PASSWORD_MESSAGE,
    ]);
    expect(messages(adminPasswordSchema, 'Qwerty123')).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(messages(adminPasswordSchema, 'Short1')).toEqual(['Password must be at least 8 characters']);
    expect(messages(adminPasswordSchema, `Aa1${'x'.repeat(126)}`)).toEqual([
      'Password must be at most 128 characters',
    ]);
    expect(adminPasswordSchema.safeParse('Quiet-Harbor-71').success).toBe(true);
  });

  it('sign-in still takes any existing password of 6 or more characters', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'password' }).success).toBe(true);
  });

  it('the list holds thousands of the most common passwords, compared without case', () => {
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('ILOVEYOU1')).toBe(true);
    expect(isCommonPassword('Sturdy-pass1')).toBe(false);
  });
});

describe('profiles', () => {
  const customer = { firstName: 'A', lastName: 'B', email: 'a@b.co' };
  it('customer profile: names required, email required and valid, the rest optional', () => {
    expect(customerProfileSchema.safeParse({ ...customer, phone: '', city: 'Miami' }).success).toBe(true);
    expect(messages(customerProfileSchema, { firstName: '', lastName: '', email: '' })).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
    ]);
    expect(messages(customerProfileSchema, { ...customer, email: 'bad' })).toEqual(['Invalid email address']);
  });

  const business = {
    ...customer,
    companyName: 'Acme',
    description: 'We fix homes.',
    phone: '555',
    city: 'Jacksonville',
    state: 'FL',
    zipCode: '32099',
  };
  it('business profile: valid', () => {
    expect(businessProfileSchema.safeParse(business).success).toBe(true);
    expect(businessProfileSchema.safeParse({ ...business, address: '' }).success).toBe(true);
  });
  it.each([
    [{ companyName: '' }, 'Company name is required'],
    [{ description: 'short' }, 'Description must be at least 10 characters'],
    [{ description: 'x'.repeat(500) }, 'Description must be less than 500 characters'],
    [{ phone: '' }, 'Phone number is required'],
    [{ city: '' }, 'City is required'],
    [{ state: '' }, 'State is required'],
    [{ zipCode: '' }, 'Zip code is required'],
  ])('business profile %j -> %s', (patch, message) => {
    expect(messages(businessProfileSchema, { ...business, ...patch })).toEqual([message]);
  });
  it('description of 499 characters is accepted', () => {
    expect(businessProfileSchema.safeParse({ ...business, description: 'x'.repeat(499) }).success).toBe(true);
  });
  it('provider settings: first and last name required; email is display only', () => {
    expect(messages(providerSettingsSchema, { firstName: '', lastName: '' })).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    expect(emailChangeAttempted(undefined, 'a@b.co')).toBe(false);
    expect(emailChangeAttempted(' A@B.co ', 'a@b.co')).toBe(false);
    expect(emailChangeAttempted('c@d.co', 'a@b.co')).toBe(true);
  });
});

describe('role requests', () => {
  it('role and non-empty reason required, one message', () => {
    expect(messages(roleRequestSchema, { requestedRole: '', reason: '' })).toEqual([
      ROLE_REQUEST_MESSAGE,
      ROLE_REQUEST_MESSAGE,
    ]);
    expect(messages(roleRequestSchema, { requestedRole: 'provider', reason: '  ' })).toEqual([
      ROLE_REQUEST_MESSAGE,
    ]);
    expect(ROLE_REQUEST_MESSAGE).toBe('Please select a role and provide a reason for the request.');
  });
  it('requested role must differ from the current role', () => {
    expect(messages(roleRequestFormSchema('customer'), { requestedRole: 'customer', reason: 'x' })).toEqual([
      SAME_ROLE_MESSAGE,
    ]);
    expect(
      roleRequestFormSchema('customer').safeParse({ requestedRole: 'provider', reason: 'x' }).success,
    ).toBe(true);
  });
  it('review: approved or denied, comment optional', () => {
    expect(roleRequestReviewSchema.safeParse({ status: 'approved' }).success).toBe(true);
    expect(roleRequestReviewSchema.safeParse({ status: 'denied', adminComment: null }).success).toBe(true);
    expect(roleRequestReviewSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
});

describe('messages', () => {
  it('conversation send: trimmed content must not be empty', () => {
    expect(sendMessageSchema.parse({ estimateId: 5, receiverId: 'u1', content: '  hi  ' })).toEqual({
      estimateId: '5',
      receiverId: 'u1',
      content: 'hi',
    });
    expect(messages(sendMessageSchema, { estimateId: 'e', receiverId: 'u', content: '   ' })).toEqual([
      'Message cannot be empty',
    ]);
  });
  it('message to customer: required, at least 20 characters', () => {
    expect(messages(messageToCustomerSchema, { message: '' })).toEqual(['Message is required']);
    expect(messages(messageToCustomerSchema, { message: 'too short' })).toEqual([
      'Message should be at least 20 characters',
    ]);
    expect(messageToCustomerSchema.safeParse({ message: 'I can start next week on this.' }).success).toBe(
      true,
    );
  });
  it('mark-read body and realtime client messages', () => {
    expect(markReadSchema.parse({ messageIds: [1, 'b'] })).toEqual({ messageIds: ['1', 'b'] });
    expect(wsClientMessageSchema.safeParse({ type: 'auth', userId: 'u' }).success).toBe(true);
    expect(
      wsClientMessageSchema.safeParse({
        type: 'sendMessage',
        receiverId: 'u',
        message: { estimateId: 'e', content: 'x' },
      }).success,
    ).toBe(true);
    expect(wsClientMessageSchema.safeParse({ type: 'other' }).success).toBe(false);
  });
});

describe('subscriptions and trials', () => {
  it('trial tasks: at least one ("Please select at least one task")', () => {
    expect(messages(trialTasksSchema, { taskIds: [] })).toEqual([TRIAL_TASKS_MESSAGE]);
    expect(trialTasksSchema.safeParse({ taskIds: ['hvac'] }).success).toBe(true);
  });
  it('upgrade selection: category and at least one task; starter exactly 1', () => {
    expect(messages(upgradeSelectionSchema, { newPlan: 'deluxe' })).toEqual([UPGRADE_SELECTION_MESSAGE]);
    expect(
      messages(upgradeSelectionSchema, {
        newPlan: 'deluxe',
        selectedCategory: 'home-repair',
        additionalTasks: [],
      }),
    ).toEqual([UPGRADE_SELECTION_MESSAGE]);
    expect(
      messages(upgradeSelectionSchema, {
        newPlan: 'deluxe',
        selectedCategory: 'x',
        additionalTasks: ['hvac'],
      }),
    ).toEqual(['Unknown category']);
    expect(
      messages(upgradeSelectionSchema, {
        newPlan: 'deluxe',
        selectedCategory: 'home-repair',
        additionalTasks: ['x'],
      }),
    ).toEqual(['Unknown or repeated task']);
    expect(
      messages(upgradeSelectionSchema, {
        newPlan: 'starter',
        selectedCategory: 'home-repair',
        additionalTasks: ['hvac', 'siding'],
      }),
    ).toEqual([STARTER_TASK_MESSAGE]);
    expect(
      upgradeSelectionSchema.safeParse({
        newPlan: 'deluxe',
        selectedCategory: 'home-repair',
        additionalTasks: ['hvac', 'siding'],
      }).success,
    ).toBe(true);
    expect(
      upgradeSelectionSchema.safeParse({
        newPlan: 'enterprise',
        selectedCategory: 'home-repair',
        additionalTasks: ['hvac'],
      }).success,
    ).toBe(false);
  });
  it('subscription change: known plans only', () => {
    expect(subscriptionChangeSchema.safeParse({ plan: 'premium' }).success).toBe(true);
    expect(subscriptionChangeSchema.safeParse({ plan: 'gold' }).success).toBe(false);
  });
  it('messaging limit: 5, 10, 20 or null', () => {
    for (const messageLimit of [5, 10, 20, null])
      expect(userSettingsSchema.safeParse({ messageLimit }).success).toBe(true);
    expect(userSettingsSchema.safeParse({ messageLimit: 15 }).success).toBe(false);
  });
});

describe('common pieces', () => {
  it('ids and calendar dates', () => {
    expect(idSchema.parse(' a ')).toBe('a');
    expect(idSchema.safeParse('').success).toBe(false);
    expect(ymdSchema.safeParse('2025-02-28').success).toBe(true);
    expect(messages(ymdSchema, '2025-02-30')).toEqual(['Not a valid date']);
    expect(messages(ymdSchema, '02/03/2025')).toEqual(['Use the format YYYY-MM-DD']);
  });
  it('public user and session shapes', () => {
    const user = {
      id: '1',
      email: 'a@b.co',
      role: 'customer',
      firstName: 'A',
      lastName: 'B',
      emailVerified: true,
      subscriptionPlan: 'free',
      createdAt: '2025-01-01',
      lastActiveAt: null,
      adminExpiresAt: null,
    };
    expect(publicUserSchema.safeParse(user).success).toBe(true);
    expect(sessionResponseSchema.safeParse({ isAuthenticated: false, user: null }).success).toBe(true);
  });
});
