// The link preview of a shared project page (/projects/{id}): the static plugin puts these in the HTML.
import type { AppContext } from '#server/context';
import { createProjectsService } from './projects.service.ts';

/** Title and description of the project at /projects/{id}, or null when there is none. */
export function projectPageMeta(ctx: Pick<AppContext, 'db' | 'now' | 'events'>, id: string) {
  return createProjectsService(ctx).pageMeta(id);
}
