// The sessions module's front door: sessions for the session plugin and the sign-in routes, and the "Where you're
// signed in" routes (decision 0025).
export { sessionsRoutes } from './sessions.routes.ts';
export {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  destroySession,
  destroyUserSessionById,
  destroyUserSessions,
  listUserSessions,
  liveSessions,
  onSessionsEnded,
  resolveSession,
  sessionCookieName,
  sessionSettings,
  setSessionCookie,
  type SessionSettings,
  type SessionsEnded,
} from './sessions.ts';
