// Authorization rows of the "Where you're signed in" routes (src/server/modules/devices, decision 0025): any
// signed-in user lists and ends their own sessions. Ending one names it by its public id; a session of someone else
// answers 404 exactly like an id that does not exist, so the row ends one of customerA's sessions as every actor.
import { eq } from 'drizzle-orm';
import { sessions } from '#server/db/schema/index';
import { hashToken } from '#server/lib/tokens';
import { PASSWORD } from '#server/test/factories';
import { loginAs } from '#server/test/login';
import { signedIn, type Row, type RowContext } from './table.ts';

/** A fresh extra session of customerA (not the one the call is made with): its public id. */
async function customerASession({ app, actors }: RowContext): Promise<string> {
  const cookie = await loginAs(app, actors.users.customerA);
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const [row] = await app.ctx.db
    .select({ publicId: sessions.publicId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.publicId;
}

export const devicesRows: Row[] = [
  { route: 'GET /api/auth/sessions', note: "the caller's own sessions", expect: signedIn() },
  {
    route: 'POST /api/auth/sessions/:id/sign-out',
    request: async (ctx) => ({
      url: `/api/auth/sessions/${await customerASession(ctx)}/sign-out`,
      payload: { password: PASSWORD },
    }),
    note: "one of customerA's sessions, with the caller's own password (every actor's is PASSWORD): only customerA ends it; to anyone else it does not exist (404, not 403)",
    expect: {
      ...signedIn(),
      customerB: 404,
      providerWithAccess: 404,
      providerFree: 404,
      admin: 404,
      expiredAdmin: 404,
    },
  },
  {
    route: 'POST /api/auth/sessions/sign-out-others',
    request: () => ({ payload: { password: PASSWORD } }),
    note: "the caller's own other sessions, with the caller's own password; the matrix gives every call a fresh session",
    expect: signedIn(),
  },
];
