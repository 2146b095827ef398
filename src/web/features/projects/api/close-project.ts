// POST /api/projects/{id}/close: the owner closes their project. It leaves the live lists and takes no more
// offers; the owner still reads the messages it got. Every project list and count is read again afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectCloseResponse } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { projectUrl } from './get-project.ts';
import { invalidateProjectLists } from './post-project.ts';

export const closeProject = (projectId: string) =>
  apiJson<ProjectCloseResponse>('POST', `${projectUrl(projectId)}/close`);

export function useCloseProject(config: MutationConfig<typeof closeProject> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: closeProject,
    onSuccess: async (...args) => {
      await invalidateProjectLists(client);
      return config.onSuccess?.(...args);
    },
  });
}
