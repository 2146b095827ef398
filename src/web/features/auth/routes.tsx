// The account screens: sign-in, sign-up, email verification and password reset.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const LoginPage = lazyScreen(() => import('./components/LoginPage.tsx'), 'LoginPage');
const SignupPage = lazyScreen(() => import('./components/SignupPage.tsx'), 'SignupPage');
const VerifyEmailPage = lazyScreen(() => import('./components/VerifyEmailPage.tsx'), 'VerifyEmailPage');
const EmailNotVerifiedPage = lazyScreen(
  () => import('./components/EmailNotVerifiedPage.tsx'),
  'EmailNotVerifiedPage',
);
const ForgotPasswordPage = lazyScreen(
  () => import('./components/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyScreen(() => import('./components/ResetPasswordPage.tsx'), 'ResetPasswordPage');

export const authRoutes: readonly AppRoute[] = [
  { path: '/login', component: LoginPage, access: PUBLIC, layout: 'marketing', title: 'Log in' },
  { path: '/signup', component: SignupPage, access: PUBLIC, layout: 'marketing', title: 'Sign up' },
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
];
