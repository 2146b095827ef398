// GET /api/projects/{id}: the project, the messages this viewer may read and what the
// viewer may do (offer, connect); `contact` only for a provider the owner connected with.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDetail } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const projectUrl = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export const getProject = (id: string) => apiJson<ProjectDetail>('GET', projectUrl(id));

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/projects', id] as const, queryFn: () => getProject(id) });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
