// POST /api/tasks/post {title, category, description, city, minBudget, maxBudget}: the form sends what was
// typed; the server validates and answers field messages.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PostProjectBody, PublicProject } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export const postProject = (body: PostProjectBody) =>
  apiJson<{ ok: true; project: PublicProject }>('POST', '/api/tasks/post', body);

/**
 * After a project is posted or closed: every project list and count is read again. ['/api/projects'] covers the
 * live lists and each project read; the public list and the cities with live projects have keys of their own.
 */
export async function invalidateProjectLists(client: QueryClient) {
  await client.invalidateQueries({ queryKey: ['/api/projects'] });
  await client.invalidateQueries({ queryKey: ['/api/public/projects'] });
  await client.invalidateQueries({ queryKey: ['/api/projects/cities'] });
}

export function usePostProject(config: MutationConfig<typeof postProject> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: postProject,
    onSuccess: async (...args) => {
      await invalidateProjectLists(client);
      return config.onSuccess?.(...args);
    },
  });
}
