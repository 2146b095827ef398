// The route table: every screen of spec routes.txt, its guard and its layout. Later screens plug in by
// replacing a `comingSoon(...)` component with the real one; paths and guards stay as they are.
import type { ComponentType } from 'react';
import { comingSoon } from '../components/ComingSoon.tsx';
import { EmailNotVerifiedPage } from '../features/auth/components/EmailNotVerifiedPage.tsx';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage.tsx';
import { SignupPage } from '../features/auth/components/SignupPage.tsx';
import { VerifyEmailPage } from '../features/auth/components/VerifyEmailPage.tsx';
import { AdminDashboard } from '../features/dashboard/components/AdminDashboard.tsx';
import { CustomerDashboard } from '../features/dashboard/components/CustomerDashboard.tsx';
import { DashboardRedirect } from '../features/dashboard/components/DashboardRedirect.tsx';
import { ProviderDashboard } from '../features/dashboard/components/ProviderDashboard.tsx';
import { LandingPage, MvpLandingPage } from '../features/landing/components/LandingPage.tsx';
import { PrivacyPolicyPage } from '../features/legal/components/PrivacyPolicyPage.tsx';
import { TermsOfServicePage } from '../features/legal/components/TermsOfServicePage.tsx';
import { FeedbackPage } from '../features/site/components/FeedbackPage.tsx';
import { ForbiddenPage } from '../features/site/components/ForbiddenPage.tsx';
import { ThanksPage } from '../features/site/components/ThanksPage.tsx';
import type { Access } from './guards.tsx';

export type RouteParams = Record<string, string | undefined>;

/** marketing: public header; projects: top bar of the public project pages; app: the role's navigation. */
export type LayoutKind = 'marketing' | 'projects' | 'app';

export interface AppRoute {
  path: string;
  component: ComponentType<{ params: RouteParams }>;
  access: Access;
  layout: LayoutKind;
}

const PUBLIC: Access = { kind: 'public' };
const SIGNED_IN: Access = { kind: 'signedIn' };
const ADMIN: Access = { kind: 'admin' };
const roles = (...r: string[]): Access => ({ kind: 'roles', roles: r });
const CUSTOMER_OR_ADMIN = roles('customer', 'admin');
const PROVIDER = roles('provider');

export const routes: readonly AppRoute[] = [
  // Public and shared
  { path: '/', component: LandingPage, access: PUBLIC, layout: 'marketing' },
  { path: '/mvp', component: MvpLandingPage, access: PUBLIC, layout: 'projects' },
  { path: '/login', component: LoginPage, access: PUBLIC, layout: 'marketing' },
  { path: '/signup', component: SignupPage, access: PUBLIC, layout: 'marketing' },
  { path: '/browse', component: comingSoon('Browse Projects'), access: PUBLIC, layout: 'projects' },
  {
    path: '/post',
    component: comingSoon('Post My Project', 'Project posting'),
    access: PUBLIC,
    layout: 'projects',
  },
  { path: '/projects', component: comingSoon('Live Projects'), access: PUBLIC, layout: 'projects' },
  { path: '/projects/:id', component: comingSoon('Project Details'), access: PUBLIC, layout: 'projects' },
  {
    path: '/provider-mvp',
    component: comingSoon('For Service Providers', 'The provider tour'),
    access: PUBLIC,
    layout: 'projects',
  },
  { path: '/feedback', component: FeedbackPage, access: PUBLIC, layout: 'marketing' },
  { path: '/thanks', component: ThanksPage, access: PUBLIC, layout: 'marketing' },
  { path: '/privacy-policy', component: PrivacyPolicyPage, access: PUBLIC, layout: 'marketing' },
  { path: '/terms-of-service', component: TermsOfServicePage, access: PUBLIC, layout: 'marketing' },
  { path: '/forbidden', component: ForbiddenPage, access: PUBLIC, layout: 'marketing' },
  { path: '/verify-email', component: VerifyEmailPage, access: PUBLIC, layout: 'marketing' },
  { path: '/email-not-verified', component: EmailNotVerifiedPage, access: PUBLIC, layout: 'marketing' },
  { path: '/forgot-password', component: ForgotPasswordPage, access: PUBLIC, layout: 'marketing' },
  { path: '/reset-password', component: ResetPasswordPage, access: PUBLIC, layout: 'marketing' },

  // Dashboards
  { path: '/dashboard', component: DashboardRedirect, access: PUBLIC, layout: 'app' },
  { path: '/dashboard/admin', component: AdminDashboard, access: roles('admin'), layout: 'app' },
  { path: '/dashboard/provider', component: ProviderDashboard, access: PROVIDER, layout: 'app' },
  { path: '/dashboard/customer', component: CustomerDashboard, access: roles('customer'), layout: 'app' },

  // Customer estimate screens
  { path: '/estimates', component: comingSoon('My Estimates'), access: CUSTOMER_OR_ADMIN, layout: 'app' },
  {
    path: '/estimates/create',
    component: comingSoon('Create an Estimate', 'The estimate wizard'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
  },
  {
    path: '/estimates/:id',
    component: comingSoon('Estimate Details'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
  },
  {
    path: '/estimate/:id',
    component: comingSoon('Estimate Details'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
  },
  {
    path: '/saved-estimates',
    component: comingSoon('Saved Estimates'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
  },
  { path: '/my-estimates', component: comingSoon('My Estimates'), access: CUSTOMER_OR_ADMIN, layout: 'app' },
  { path: '/posted-estimates', component: comingSoon('Posted Estimates'), access: SIGNED_IN, layout: 'app' },
  { path: '/posted-projects', component: comingSoon('Posted Projects'), access: SIGNED_IN, layout: 'app' },
  {
    path: '/profile',
    component: comingSoon('My Profile', 'Profile editing'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
  },
  {
    path: '/customer/subscription',
    component: comingSoon('My Plan', 'Customer plans'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
  },

  // Provider screens
  { path: '/tasks', component: comingSoon('Available Tasks'), access: PROVIDER, layout: 'app' },
  { path: '/posted-tasks', component: comingSoon('Posted Tasks'), access: PROVIDER, layout: 'app' },
  {
    path: '/provider/posted-estimates',
    component: comingSoon('Posted Estimates'),
    access: PROVIDER,
    layout: 'app',
  },
  { path: '/provider/profile', component: comingSoon('Business Profile'), access: PROVIDER, layout: 'app' },
  {
    path: '/provider/settings',
    component: comingSoon('Provider Settings', 'Account settings'),
    access: PROVIDER,
    layout: 'app',
  },
  {
    path: '/subscription',
    component: comingSoon('Subscription', 'Plans and billing'),
    access: PROVIDER,
    layout: 'app',
  },

  // Messaging (any signed-in user)
  { path: '/messages', component: comingSoon('Messages'), access: SIGNED_IN, layout: 'app' },
  {
    path: '/messages/:estimateId/:userId',
    component: comingSoon('Conversation', 'Messaging'),
    access: SIGNED_IN,
    layout: 'app',
  },
  { path: '/provider/messages', component: comingSoon('Messages'), access: SIGNED_IN, layout: 'app' },
  {
    path: '/provider/messages/:estimateId/:userId',
    component: comingSoon('Conversation', 'Messaging'),
    access: SIGNED_IN,
    layout: 'app',
  },

  // Account (any signed-in user)
  {
    path: '/settings',
    component: comingSoon('Settings', 'Account settings'),
    access: SIGNED_IN,
    layout: 'app',
  },
  {
    path: '/account',
    component: comingSoon('Account', 'Account management'),
    access: SIGNED_IN,
    layout: 'app',
  },

  // Admin
  { path: '/admin', component: comingSoon('Admin Panel'), access: ADMIN, layout: 'app' },
  {
    path: '/admin/messages',
    component: comingSoon('All Messages', 'Message oversight'),
    access: ADMIN,
    layout: 'app',
  },
  {
    path: '/admin/replit-db-users',
    component: comingSoon('User Search', 'Advanced user search'),
    access: ADMIN,
    layout: 'app',
  },
  { path: '/admin/cleanup', component: comingSoon('Test Data Cleanup'), access: ADMIN, layout: 'app' },
];
