// GET /api/projects?city=&category=&page=&pageSize=: the live list, newest first, one
// page with the total. Empty filters are left out of the address.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectList } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';

export interface ProjectFilters {
  city?: string;
  category?: string;
  page?: number;
  pageSize?: number;
}

export function projectsUrl(base: string, f: ProjectFilters): string {
  const q = new URLSearchParams();
  if (f.city) q.set('city', f.city);
  if (f.category) q.set('category', f.category);
  if (f.page && f.page > 1) q.set('page', String(f.page));
  if (f.pageSize) q.set('pageSize', String(f.pageSize));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

export const getProjects = (f: ProjectFilters) =>
  apiJson<ProjectList>('GET', projectsUrl('/api/projects', f));

export const projectsQueryOptions = (f: ProjectFilters) =>
  queryOptions({
    queryKey: ['/api/projects', f] as const,
    queryFn: () => getProjects(f),
    placeholderData: keepPreviousData,
  });

export function useProjects(f: ProjectFilters) {
  return useQuery(projectsQueryOptions(f));
}
