// Who acts in the admin console, and how its audit entries name the people involved: names and emails as they
// are at the time, so an entry still reads after the actor or the target is deleted.
import { fullName } from '#domain/format';
import type { AppContext } from '#server/context';
import type { RequestOrigin } from '#server/lib/security-log';
import * as repo from './admin.repo.ts';

/** The signed-in admin an action is done by, and the request it came in (its security events are logged there). */
export interface Admin {
  id: string;
  from: RequestOrigin;
}

/** The admin of a request that passed the admin access rule. */
export const adminOf = (req: RequestOrigin & { user: { id: string } | null }): Admin => ({
  id: req.user!.id,
  from: req,
});

/** Who acted, as the audit details keep it (names survive the actor's own later deletion). */
export async function actorDetails(db: AppContext['db'], adminId: string) {
  const a = await repo.findUserAnyState(db, adminId);
  return a ? { adminName: fullName(a), adminEmail: a.email } : {};
}

/** Whom the action was about, as the audit details keep it. */
export const targetDetails = (u: { firstName: string; lastName: string; email: string }) => ({
  targetUserName: fullName(u),
  targetUserEmail: u.email,
});
