// Authorization rows of src/server/modules/auth. Every route but the password change is public (config.access
// 'public'); the rows build valid requests so that 'ok' means the call really went through, and show where being
// signed in still matters (GET /auth/me; sign-in of a soft-deleted account).
import type { BuiltApp } from '#server/app';
import { authTokens } from '#server/db/schema/index';
import { hashToken, newToken } from '#server/lib/tokens';
import { makeCustomer, PASSWORD, uniqueEmail } from '#server/test/factories';
import { customerPayload } from '#server/test/payloads';
import { restoring } from './restore.ts';
import { everyone, signedIn, type Row, type RowContext } from './table.ts';

/**
 * A live email token for a throwaway, unverified account. Verification and reset end sessions of the token's
 * account, so the token never belongs to an actor: the row checks who may call the route, not whose link it is.
 */
async function throwawayToken(app: BuiltApp, purpose: 'verify_email' | 'reset_password') {
  const { db, now } = app.ctx;
  const user = await makeCustomer(db, { verified: false });
  const token = newToken();
  const createdAt = now();
  await db.insert(authTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 3_600_000),
  });
  return token;
}

/** The caller's own address, or a new account's for anonymous. */
const ownEmail = async ({ app, user }: RowContext) => user?.email ?? (await makeCustomer(app.ctx.db)).email;

export const authRows: Row[] = [
  {
    route: 'POST /api/auth/register',
    request: () => ({ payload: customerPayload({ email: uniqueEmail('authz') }) }),
    expect: everyone('ok'),
  },
  {
    route: 'POST /api/auth/login',
    request: async (ctx) => ({ payload: { email: await ownEmail(ctx), password: PASSWORD } }),
    note: 'each actor signs in with its own email; a soft-deleted account cannot sign in',
    expect: { ...everyone('ok'), deletedUser: 401 },
  },
  { route: 'POST /api/auth/logout', expect: everyone('ok') },
  {
    route: 'GET /auth/me',
    note: 'public route that answers 401 to a caller who is not signed in (or whose account is deleted)',
    expect: signedIn(),
  },
  { route: 'GET /api/auth/session', expect: everyone('ok') },
  {
    route: 'GET /api/verify-email',
    request: async ({ app }) => ({ query: { token: await throwawayToken(app, 'verify_email') } }),
    expect: everyone('ok'),
  },
  {
    route: 'POST /api/verify-email',
    request: async ({ app }) => ({ payload: { token: await throwawayToken(app, 'verify_email') } }),
    expect: everyone('ok'),
  },
  {
    route: 'POST /api/resend-verification',
    request: async (ctx) => ({ payload: { email: await ownEmail(ctx) } }),
    expect: everyone('ok'),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    request: async (ctx) => ({ payload: { email: await ownEmail(ctx) } }),
    expect: everyone('ok'),
  },
  {
    route: 'POST /api/auth/change-password',
    request: restoring(() => ({ payload: { currentPassword: PASSWORD, newPassword: 'Fresh-Pass-2024' } })),
    note: "the caller's own password (every actor's is PASSWORD); the actors' rows are put back before each call",
    expect: signedIn(),
  },
  {
    route: 'POST /api/auth/reset-password',
    request: async ({ app }) => ({
      payload: { token: await throwawayToken(app, 'reset_password'), password: 'BrandNew42' },
    }),
    expect: everyone('ok'),
  },
];
