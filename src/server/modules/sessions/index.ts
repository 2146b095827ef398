// The sessions module's front door.
export {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  destroySession,
  destroyUserSessions,
  resolveSession,
  sessionCookieName,
  sessionSettings,
  setSessionCookie,
  type SessionSettings,
} from './sessions.ts';
