// GET /api/projects/cities: cities with live projects, every region city and the default (Jacksonville).
// Reference data that changes slowly: cached for 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectCities } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const getProjectCities = () => apiJson<ProjectCities>('GET', '/api/projects/cities');

export const projectCitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/projects/cities'] as const,
    queryFn: getProjectCities,
    staleTime: 5 * 60 * 1000,
  });

export function useProjectCities() {
  return useQuery(projectCitiesQueryOptions());
}
