// Public pro profiles (decision 0046): what the server-rendered page reads. getPublicProfile answers null when
// the provider has no page (a closed or deleted account, not a provider, a malformed id); its `path` is the page's
// current address, for the 301 from /pros/{id} or an old slug.
import type { PublicProfile } from '#domain/schemas/pro-profile.schema';
import type { AppContext } from '#server/context';
import { readPublicProfile } from './profiles.service.ts';

export function getPublicProfile(
  ctx: Pick<AppContext, 'db' | 'now'>,
  id: string,
): Promise<PublicProfile | null> {
  return readPublicProfile(ctx, id);
}
