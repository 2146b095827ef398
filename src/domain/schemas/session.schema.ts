// "Where you're signed in" (ASVS 7.5.2; decision 0025): the signed-in user's live sessions, ending one of them, and
// ending every one but the current. A session is named by its public id, never by its cookie token. Ending another
// session needs the account's password again (signing out this one does not, as with any sign-out).
import { z } from 'zod';

/** The most sessions the list shows (the most recently active); `total` counts them all. */
export const SESSION_LIST_CAP = 50;

export const signedInSessionSchema = z.object({
  /** The session's public id (not its token: it cannot sign anyone in). */
  id: z.string(),
  /** "Chrome on Windows", from the User-Agent at sign-in. */
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  signedInAt: z.string(),
  /** Recorded at most every 5 minutes (the session lookup's own write); now for the current session. */
  lastActiveAt: z.string(),
  /** Remember-me: lives 30 days; otherwise it ends when idle and after 12 hours. */
  rememberMe: z.boolean(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionListSchema = z.object({
  /** Newest activity first, the current session included, at most SESSION_LIST_CAP. */
  sessions: z.array(signedInSessionSchema),
  /** Every live session of the account, past the cap too. */
  total: z.number().int(),
});
export type SignedInSessionList = z.infer<typeof signedInSessionListSchema>;

/** POST /api/auth/sessions/:id/sign-out. Any string: an id that is not one of the caller's sessions answers 404. */
export const sessionIdParamsSchema = z.object({ id: z.string().max(100) });

/** The password again: required to end another session, ignored for this one. */
export const signOutSessionBodySchema = z.object({ password: z.string().max(200).optional() });
export type SignOutSessionBody = z.input<typeof signOutSessionBodySchema>;

export const signOutSessionResponseSchema = z.object({
  /** The session ended was this browser's: it is signed out. */
  signedOut: z.boolean(),
  message: z.string(),
});
export type SignOutSessionResponse = z.infer<typeof signOutSessionResponseSchema>;

/** POST /api/auth/sessions/sign-out-others: the password again. */
export const signOutOthersBodySchema = z.object({
  password: z.string().min(1, 'Please enter your password').max(200),
});
export type SignOutOthersBody = z.input<typeof signOutOthersBodySchema>;

export const signOutOthersResponseSchema = z.object({
  /** How many sessions ended. */
  ended: z.number().int(),
  message: z.string(),
});
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;

export const sessionMessages = {
  notFound: 'This session has already ended',
  signedOutHere: 'You have been signed out on this device.',
  signedOutThere: (device: string) => `${device} has been signed out.`,
  othersEnded: (n: number) =>
    n === 0 ? 'No other devices were signed in' : `Signed out of ${n} other device${n === 1 ? '' : 's'}`,
} as const;
