// POST /api/projects/{id}/connect {providerUserId}: the owner shares contact
// details with a provider who sent a message. Success: "Contact shared. You're connected!"
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectConnectBody } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { projectUrl } from './get-project.ts';

export interface ConnectProject {
  projectId: string;
  body: ProjectConnectBody;
}

export const connectProject = ({ projectId, body }: ConnectProject) =>
  apiJson<{ ok: true; message: string }>('POST', `${projectUrl(projectId)}/connect`, body);

export function useConnectProject(config: MutationConfig<typeof connectProject> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: connectProject,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ['/api/projects', args[1].projectId] });
      return config.onSuccess?.(...args);
    },
  });
}
