// GET /api/admin/mail?status&page: the notification mail an admin sees on the console's Mail tab (failed first:
// what the SMTP server kept refusing), 20 a page, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMailList, notificationMailStatuses } from '#domain/schemas/notification.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ADMIN_MAIL_KEY } from './keys.ts';

export type MailStatus = (typeof notificationMailStatuses)[number];

export interface AdminMailQuery {
  status: MailStatus;
  page: number;
}

export const getAdminMail = ({ status, page }: AdminMailQuery) =>
  apiJson<AdminMailList>('GET', `/api/admin/mail?status=${status}&page=${page}`);

export function useAdminMail(q: AdminMailQuery) {
  return useQuery({
    queryKey: [...ADMIN_MAIL_KEY, q],
    queryFn: () => getAdminMail(q),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
