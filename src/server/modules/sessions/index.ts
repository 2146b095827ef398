// The sessions module's front door: sessions for the session plugin, the sign-in routes and the signed-in devices
// list (decision 0025).
export {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  destroySession,
  destroyUserSessionById,
  destroyUserSessions,
  findUserSessionByPublicId,
  listUserSessions,
  renewSession,
  resolveSession,
  sessionCookieName,
  sessionSettings,
  socketsSeen,
  usersWithOpenPage,
  setSessionCookie,
  type SessionSettings,
  type SessionEvents,
} from './sessions.ts';
