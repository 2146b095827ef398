// GET /api/projects/mine: the signed-in owner's projects (live and closed, newest first) with their offers, how many
// there are and how many are live. Under the '/api/projects' key, so posting or closing one reads it again.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProjects } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const MY_PROJECTS_SHOWN = 5;

export const getMyProjects = (pageSize: number) =>
  apiJson<MyProjects>('GET', `/api/projects/mine?pageSize=${pageSize}`);

export const myProjectsQueryOptions = (pageSize = MY_PROJECTS_SHOWN) =>
  queryOptions({
    queryKey: ['/api/projects', 'mine', pageSize] as const,
    queryFn: () => getMyProjects(pageSize),
  });

export function useMyProjects(pageSize = MY_PROJECTS_SHOWN) {
  return useQuery(myProjectsQueryOptions(pageSize));
}
