// POST /api/notifications/read: the given ones, or every unread one when `ids` is left out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { markNotificationsReadResponseSchema } from '#domain/schemas/notification.schema';
import type { z } from 'zod';
import { toast } from '#web/components/ui/use-toast.ts';
import { apiJson, errorMessage } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { applyMarkedRead } from './cache.ts';

export const markNotificationsRead = (body: { ids?: string[] }) =>
  apiJson<z.infer<typeof markNotificationsReadResponseSchema>>('POST', '/api/notifications/read', body);

/** Marks read and updates every list and the bell; a failure is said in a toast unless `onError` is given. */
export function useMarkNotificationsRead(config: MutationConfig<typeof markNotificationsRead> = {}) {
  const client = useQueryClient();
  return useMutation({
    onError: (err) =>
      toast({
        title: 'Could not mark as read',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
    ...config,
    mutationFn: markNotificationsRead,
    onSuccess: async (...args) => {
      applyMarkedRead(client, args[1].ids, args[0].unreadCount);
      return config.onSuccess?.(...args);
    },
  });
}
