// The route table: every screen of spec routes.txt, its guard, its layout and its document title.
// Later screens plug in by replacing a `comingSoon(...)` component with the real one (ideally through
// `lazyScreen`, so each screen is its own chunk); paths and guards stay as they are.
import type { ComponentType } from 'react';
import { comingSoon } from '../components/ComingSoon.tsx';
import { DashboardRedirect } from '../features/dashboard/components/DashboardRedirect.tsx';
import { LandingPage, MvpLandingPage } from '../features/landing/components/LandingPage.tsx';
import { ForbiddenPage } from '../features/site/components/ForbiddenPage.tsx';
import { lazyScreen } from './lazy-screen.ts';
import type { Access } from './guards.tsx';

export type RouteParams = Record<string, string | undefined>;

/** marketing: public header; projects: top bar of the public project pages; app: the role's navigation. */
export type LayoutKind = 'marketing' | 'projects' | 'app';

export interface AppRoute {
  path: string;
  component: ComponentType<{ params: RouteParams }>;
  access: Access;
  layout: LayoutKind;
  /** The document title (before ' · HomeFix'); defaults to the site name. */
  title?: string;
}

const LoginPage = lazyScreen(() => import('../features/auth/components/LoginPage.tsx'), 'LoginPage');
const SignupPage = lazyScreen(() => import('../features/auth/components/SignupPage.tsx'), 'SignupPage');
const VerifyEmailPage = lazyScreen(
  () => import('../features/auth/components/VerifyEmailPage.tsx'),
  'VerifyEmailPage',
);
const EmailNotVerifiedPage = lazyScreen(
  () => import('../features/auth/components/EmailNotVerifiedPage.tsx'),
  'EmailNotVerifiedPage',
);
const ForgotPasswordPage = lazyScreen(
  () => import('../features/auth/components/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyScreen(
  () => import('../features/auth/components/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
const AdminDashboard = lazyScreen(
  () => import('../features/dashboard/components/AdminDashboard.tsx'),
  'AdminDashboard',
);
const CustomerDashboard = lazyScreen(
  () => import('../features/dashboard/components/CustomerDashboard.tsx'),
  'CustomerDashboard',
);
const ProviderDashboard = lazyScreen(
  () => import('../features/dashboard/components/ProviderDashboard.tsx'),
  'ProviderDashboard',
);
const PrivacyPolicyPage = lazyScreen(
  () => import('../features/legal/components/PrivacyPolicyPage.tsx'),
  'PrivacyPolicyPage',
);
const TermsOfServicePage = lazyScreen(
  () => import('../features/legal/components/TermsOfServicePage.tsx'),
  'TermsOfServicePage',
);
const FeedbackPage = lazyScreen(() => import('../features/site/components/FeedbackPage.tsx'), 'FeedbackPage');
const ThanksPage = lazyScreen(() => import('../features/site/components/ThanksPage.tsx'), 'ThanksPage');

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
  { path: '/login', component: LoginPage, access: PUBLIC, layout: 'marketing', title: 'Log in' },
  { path: '/signup', component: SignupPage, access: PUBLIC, layout: 'marketing', title: 'Sign up' },
  {
    path: '/browse',
    component: comingSoon('Browse Projects'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Browse Projects',
  },
  {
    path: '/post',
    component: comingSoon('Post My Project', 'Project posting'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Post My Project',
  },
  {
    path: '/projects',
    component: comingSoon('Live Projects'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Live Projects',
  },
  {
    path: '/projects/:id',
    component: comingSoon('Project Details'),
    access: PUBLIC,
    layout: 'projects',
    title: 'Project Details',
  },
  {
    path: '/provider-mvp',
    component: comingSoon('For Service Providers', 'The provider tour'),
    access: PUBLIC,
    layout: 'projects',
    title: 'For Service Providers',
  },
  { path: '/feedback', component: FeedbackPage, access: PUBLIC, layout: 'marketing', title: 'Feedback' },
  { path: '/thanks', component: ThanksPage, access: PUBLIC, layout: 'marketing', title: 'Thank you' },
  {
    path: '/privacy-policy',
    component: PrivacyPolicyPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Privacy Policy',
  },
  {
    path: '/terms-of-service',
    component: TermsOfServicePage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Terms of Service',
  },
  {
    path: '/forbidden',
    component: ForbiddenPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Access denied',
  },
  {
    path: '/verify-email',
    component: VerifyEmailPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Verify email',
  },
  {
    path: '/email-not-verified',
    component: EmailNotVerifiedPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Verify your email',
  },
  {
    path: '/forgot-password',
    component: ForgotPasswordPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Forgot password',
  },
  {
    path: '/reset-password',
    component: ResetPasswordPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Reset password',
  },

  // Dashboards
  { path: '/dashboard', component: DashboardRedirect, access: PUBLIC, layout: 'app', title: 'Dashboard' },
  {
    path: '/dashboard/admin',
    component: AdminDashboard,
    access: roles('admin'),
    layout: 'app',
    title: 'Admin dashboard',
  },
  {
    path: '/dashboard/provider',
    component: ProviderDashboard,
    access: PROVIDER,
    layout: 'app',
    title: 'Provider dashboard',
  },
  {
    path: '/dashboard/customer',
    component: CustomerDashboard,
    access: roles('customer'),
    layout: 'app',
    title: 'Dashboard',
  },

  // Customer estimate screens
  {
    path: '/estimates',
    component: comingSoon('My Estimates'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Estimates',
  },
  {
    path: '/estimates/create',
    component: comingSoon('Create an Estimate', 'The estimate wizard'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Create an Estimate',
  },
  {
    path: '/estimates/:id',
    component: comingSoon('Estimate Details'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Estimate Details',
  },
  {
    path: '/estimate/:id',
    component: comingSoon('Estimate Details'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Estimate Details',
  },
  {
    path: '/saved-estimates',
    component: comingSoon('Saved Estimates'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Saved Estimates',
  },
  {
    path: '/my-estimates',
    component: comingSoon('My Estimates'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Estimates',
  },
  {
    path: '/posted-estimates',
    component: comingSoon('Posted Estimates'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Posted Estimates',
  },
  {
    path: '/posted-projects',
    component: comingSoon('Posted Projects'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Posted Projects',
  },
  {
    path: '/profile',
    component: comingSoon('My Profile', 'Profile editing'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Profile',
  },
  {
    path: '/customer/subscription',
    component: comingSoon('My Plan', 'Customer plans'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Plan',
  },

  // Provider screens
  {
    path: '/tasks',
    component: comingSoon('Available Tasks'),
    access: PROVIDER,
    layout: 'app',
    title: 'Available Tasks',
  },
  {
    path: '/posted-tasks',
    component: comingSoon('Posted Tasks'),
    access: PROVIDER,
    layout: 'app',
    title: 'Posted Tasks',
  },
  {
    path: '/provider/posted-estimates',
    component: comingSoon('Posted Estimates'),
    access: PROVIDER,
    layout: 'app',
    title: 'Posted Estimates',
  },
  {
    path: '/provider/profile',
    component: comingSoon('Business Profile'),
    access: PROVIDER,
    layout: 'app',
    title: 'Business Profile',
  },
  {
    path: '/provider/settings',
    component: comingSoon('Provider Settings', 'Account settings'),
    access: PROVIDER,
    layout: 'app',
    title: 'Provider Settings',
  },
  {
    path: '/subscription',
    component: comingSoon('Subscription', 'Plans and billing'),
    access: PROVIDER,
    layout: 'app',
    title: 'Subscription',
  },

  // Messaging (any signed-in user)
  {
    path: '/messages',
    component: comingSoon('Messages'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Messages',
  },
  {
    path: '/messages/:estimateId/:userId',
    component: comingSoon('Conversation', 'Messaging'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Conversation',
  },
  {
    path: '/provider/messages',
    component: comingSoon('Messages'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Messages',
  },
  {
    path: '/provider/messages/:estimateId/:userId',
    component: comingSoon('Conversation', 'Messaging'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Conversation',
  },

  // Account (any signed-in user)
  {
    path: '/settings',
    component: comingSoon('Settings', 'Account settings'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Settings',
  },
  {
    path: '/account',
    component: comingSoon('Account', 'Account management'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Account',
  },

  // Admin
  {
    path: '/admin',
    component: comingSoon('Admin Panel'),
    access: ADMIN,
    layout: 'app',
    title: 'Admin Panel',
  },
  {
    path: '/admin/messages',
    component: comingSoon('All Messages', 'Message oversight'),
    access: ADMIN,
    layout: 'app',
    title: 'All Messages',
  },
  {
    path: '/admin/replit-db-users',
    component: comingSoon('User Search', 'Advanced user search'),
    access: ADMIN,
    layout: 'app',
    title: 'User Search',
  },
  {
    path: '/admin/cleanup',
    component: comingSoon('Test Data Cleanup'),
    access: ADMIN,
    layout: 'app',
    title: 'Test Data Cleanup',
  },
];
