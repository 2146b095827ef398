// POST /api/tasks/post {title, category, description, city, minBudget, maxBudget}: the form sends what was
// typed; the server validates and answers field messages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostProjectBody, PublicProject } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export const postProject = (body: PostProjectBody) =>
  apiJson<{ ok: true; project: PublicProject }>('POST', '/api/tasks/post', body);

export function usePostProject(config: MutationConfig<typeof postProject> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: postProject,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ['/api/projects'] });
      await client.invalidateQueries({ queryKey: ['/api/public/projects'] });
      await client.invalidateQueries({ queryKey: ['/api/projects/cities'] });
      return config.onSuccess?.(...args);
    },
  });
}
