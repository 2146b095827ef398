// GET /api/config: the public runtime configuration, typed by the shared publicConfigSchema; cached 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#domain/schemas/system.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const getConfig = () => apiJson<PublicConfig>('GET', '/api/config');

/**
 * The configuration the server wrote into the page (<meta name="homefix-config">, src/server/plugins/static.ts), so
 * the first render already has it: the beta banner is there from the start instead of pushing the page down when
 * the request answers. Without it (the dev server, an old page) the query fetches as usual.
 */
export function configInPage(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document) {
  const content = doc?.querySelector('meta[name="homefix-config"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const value = JSON.parse(content) as Partial<PublicConfig> | null;
    return typeof value?.BETA_MODE === 'boolean' &&
      typeof value.BETA_BANNER_TEXT === 'string' &&
      typeof value.BETA_FEEDBACK_URL === 'string'
      ? (value as PublicConfig)
      : undefined;
  } catch {
    return undefined;
  }
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/config'] as const,
    queryFn: getConfig,
    staleTime: 5 * 60 * 1000,
    initialData: () => configInPage(),
  });

export function usePublicConfig() {
  return useQuery(configQueryOptions());
}
