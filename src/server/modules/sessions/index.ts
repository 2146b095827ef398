// The sessions module's front door.
export {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  destroySession,
  destroyUserSessions,
  liveSessions,
  onSessionsEnded,
  resolveSession,
  sessionCookieName,
  sessionSettings,
  setSessionCookie,
  type SessionSettings,
  type SessionsEnded,
} from './sessions.ts';
