// The sessions module's front door.
export {
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  destroySession,
  destroyUserSessions,
  purgeExpiredSessions,
  resolveSession,
  sessionSettings,
  setSessionCookie,
  type SessionSettings,
} from './sessions.ts';
