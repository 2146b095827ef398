// POST /api/admin/reviews/{id}/hide { reason } (the text reads "Removed by a moderator: …", the rating still
// counts), /remove { reason } (fake or a conflict of interest: out of the reputation too) and /restore (either
// undone). Each is an audit entry on the server; the Reviews tab refreshes after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reviewHideReasons, reviewRemoveReasons } from '#domain/reviews';
import type { AdminReview } from '#domain/schemas/review.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export type ReviewModeration =
  | { id: string; action: 'hide'; reason: (typeof reviewHideReasons)[number] }
  | { id: string; action: 'remove'; reason: (typeof reviewRemoveReasons)[number] }
  | { id: string; action: 'restore' };

export const moderateReview = (m: ReviewModeration) =>
  apiJson<AdminReview>(
    'POST',
    `/api/admin/reviews/${encodeURIComponent(m.id)}/${m.action}`,
    m.action === 'restore' ? undefined : { reason: m.reason },
  );

export function useModerateReview(config: MutationConfig<typeof moderateReview> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: moderateReview,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
