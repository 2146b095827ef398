// GET /auth/me: the signed-in user, or null when the server answers 401.
import { queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '#domain/schemas/user.schema';
import { getQueryFn } from '#web/lib/api-client.ts';

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['/auth/me'] as const, queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }) });
