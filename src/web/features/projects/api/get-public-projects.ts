// GET /api/public/projects: the public list /browse searches on the client. One large
// page (the newest 100); the search runs over what was loaded.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectList } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const BROWSE_PAGE_SIZE = 100;

export const getPublicProjects = () =>
  apiJson<ProjectList>('GET', `/api/public/projects?pageSize=${BROWSE_PAGE_SIZE}`);

export const publicProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/public/projects'] as const, queryFn: getPublicProjects });

export function usePublicProjects() {
  return useQuery(publicProjectsQueryOptions());
}
