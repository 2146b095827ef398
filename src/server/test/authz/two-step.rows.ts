// Authorization rows of two-step verification (decision 0024). The second step of sign-in is public (the
// challenge is the credential); the /settings routes need a signed-in user; the reset is the admin's. Each call
// first puts the caller's two-step state where the route needs it (a pending set-up, two-step on), so 'ok' means
// the call went through; the last row (turning it off) leaves every actor as it was.
import { PASSWORD, makeCustomer } from '#server/test/factories';
import { codeAt, startPending, turnOnTwoStep } from '#server/test/two-step';
import { twoStepChallenges } from '#server/db/schema/index';
import { hashToken, newToken } from '#server/lib/tokens';
import type { RowContext } from './table.ts';
import { adminOnly, everyone, signedIn, type Row } from './table.ts';

/** A throwaway account with two-step on and a live sign-in challenge: the body of a valid second step. */
async function challengeBody({ app }: RowContext) {
  const { db, now } = app.ctx;
  const user = await makeCustomer(db, { firstName: 'Matrix' });
  const { secret } = await turnOnTwoStep(db, user.id, now());
  const challenge = newToken();
  await db.insert(twoStepChallenges).values({
    tokenHash: hashToken(challenge),
    userId: user.id,
    persistent: false,
    createdAt: now(),
    expiresAt: new Date(now().getTime() + 300_000),
  });
  return { challenge, code: codeAt(secret, now()) };
}

/** The caller with two-step on (anonymous: a made-up body), and a body with the password and a current code. */
async function confirmBody({ app, user }: RowContext) {
  if (!user) return { password: PASSWORD, code: '123456' };
  const { secret } = await turnOnTwoStep(app.ctx.db, user.id, app.ctx.now());
  return { password: PASSWORD, code: codeAt(secret, app.ctx.now()) };
}

export const twoStepRows: Row[] = [
  {
    route: 'POST /api/auth/login/two-step',
    request: async (ctx) => ({ payload: await challengeBody(ctx) }),
    note: "a throwaway account's challenge: whoever holds it may complete that sign-in",
    expect: everyone('ok'),
  },
  { route: 'GET /api/auth/two-step', expect: signedIn() },
  { route: 'POST /api/auth/two-step/setup', expect: signedIn() },
  {
    route: 'POST /api/auth/two-step/enable',
    request: async ({ app, user }) => {
      if (!user) return { payload: { password: PASSWORD, code: '123456' } };
      const { secret } = await startPending(app.ctx.db, user.id, app.ctx.now());
      return { payload: { password: PASSWORD, code: codeAt(secret, app.ctx.now()) } };
    },
    note: "the caller's own pending set-up, confirmed with its code and the caller's password",
    expect: signedIn(),
  },
  {
    route: 'POST /api/auth/two-step/recovery-codes',
    request: async (ctx) => ({ payload: await confirmBody(ctx) }),
    expect: signedIn(),
  },
  {
    route: 'POST /api/auth/two-step/disable',
    request: async (ctx) => ({ payload: await confirmBody(ctx) }),
    note: "turns the caller's two-step off again: no actor keeps it for the rows after this one",
    expect: signedIn(),
  },
  {
    route: 'POST /api/admin/users/:id/two-step/reset',
    request: async ({ app }) => {
      const user = await makeCustomer(app.ctx.db, { firstName: 'Matrix' });
      await turnOnTwoStep(app.ctx.db, user.id, app.ctx.now());
      return { url: `/api/admin/users/${user.id}/two-step/reset` };
    },
    expect: adminOnly(),
  },
];
