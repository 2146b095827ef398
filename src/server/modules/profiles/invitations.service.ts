// A customer invites a pro, from the pro's public page, to bid on one of their estimates (decision 0046). Only the
// estimate's owner may (anyone else: 404, as for an unknown estimate). A draft is posted first, through the
// estimates feature's own posting (verified email, the plan's posted limit); the pro must be one whose plan opens
// the estimate's category now, by the same rule that decides whether a provider may see and bid on posted work
// (canAccess), or the refusal says why. An estimate already hired, completed or cancelled takes no invitations; a
// pro is invited once per estimate. The pro is told through providerInvited.
import { categoryLabel } from '#domain/catalog/categories';
import { publicName } from '#domain/format';
import { isUuid } from '#domain/ids';
import type { Role } from '#domain/permissions';
import { canAccess } from '#domain/plans';
import type { InvitationResponse } from '#domain/schemas/pro-profile.schema';
import type { AppContext } from '#server/context';
import { AppError, notFound } from '#server/errors';
import { createEstimatesService } from '#server/modules/estimates';
import { findActiveUserById, providerAccessSubject, type UserRow } from '#server/modules/users';
import * as repo from './invitations.repo.ts';
import { hasPage, PROFILE_MESSAGES } from './profiles.service.ts';

export const INVITATION_MESSAGES = {
  estimateNotFound: 'Estimate not found',
  closed: (status: string) => `This estimate is ${status}: it takes no more invitations`,
  noPlan: (name: string) => `${name} has no plan in force and cannot bid on posted work`,
  category: (name: string, category: string) => `${name}'s plan does not include ${category}`,
  duplicate: (name: string) => `${name} is already invited to this estimate`,
} as const;

/** The states that still take bids once posted (a draft is posted first). */
const OPEN = new Set(['draft', 'posted']);

export function createInvitationsService(ctx: Pick<AppContext, 'db' | 'now' | 'events'>) {
  const { db, now, events } = ctx;
  const estimates = createEstimatesService(ctx);

  return {
    async invite(
      user: UserRow,
      role: Role,
      estimateId: string,
      providerId: string,
    ): Promise<InvitationResponse> {
      if (!isUuid(estimateId)) throw notFound(INVITATION_MESSAGES.estimateNotFound);
      const estimate = await estimates.get({ id: user.id, role, user }, estimateId);
      // Only the owner: a posted estimate others may read is still not theirs to invite to.
      if (estimate.customerId !== user.id) throw notFound(INVITATION_MESSAGES.estimateNotFound);
      if (!OPEN.has(estimate.status))
        throw new AppError('CONFLICT', INVITATION_MESSAGES.closed(estimate.status));

      const pro = await findActiveUserById(db, providerId.toLowerCase());
      if (!hasPage(pro)) throw notFound(PROFILE_MESSAGES.notFound);
      const name = publicName(pro.firstName, pro.lastName);
      const access = canAccess(providerAccessSubject(pro), estimate.category, null, now());
      if (!access.allowed) {
        throw new AppError(
          'CONFLICT',
          access.reason === 'no-permission'
            ? INVITATION_MESSAGES.noPlan(name)
            : INVITATION_MESSAGES.category(name, categoryLabel(estimate.category)),
        );
      }
      if (await repo.invitationExists(db, estimate.id, pro.id)) {
        throw new AppError('CONFLICT', INVITATION_MESSAGES.duplicate(name));
      }

      // The draft is posted through the estimates feature, with its checks, before the invitation is stored.
      const posted = estimate.status === 'draft';
      const live = posted ? await estimates.changeStatus(user, role, estimate.id, 'posted') : estimate;
      const at = now();
      const id = await events.transaction(async (tx) => {
        const inserted = await repo.insertInvitation(tx, {
          estimateId: live.id,
          providerId: pro.id,
          customerId: user.id,
          createdAt: at,
        });
        if (!inserted) throw new AppError('CONFLICT', INVITATION_MESSAGES.duplicate(name));
        await events.publish(tx, 'providerInvited', {
          invitationId: inserted,
          estimateId: live.id,
          estimateTitle: live.title,
          providerId: pro.id,
          customerId: user.id,
          customerName: publicName(user.firstName, user.lastName),
          at,
        });
        return inserted;
      });
      return { id, estimateId: live.id, providerId: pro.id, posted };
    },
  };
}
