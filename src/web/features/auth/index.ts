// The auth feature's front door: the session, logout, where to go after signing in, the account forms (lazy)
// and the account screens' route rows. Other parts of the app import these from here only.
export {
  refreshSession,
  sessionQueryOptions,
  setSessionUser,
  useAuth,
  type Auth,
} from './api/get-session.ts';
export { browserNavigation, useLogout } from './hooks/useLogout.ts';
export { LazyLoginForm, LazySignupForm, preloadLoginForm, preloadSignupForm } from './lazy-forms.ts';
export { pathAfterLogin, safeNextPath } from './next-path.ts';
export { authRoutes } from './routes.tsx';
