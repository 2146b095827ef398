// The admin's message threads (GET /api/admin/messages): every conversation on an estimate, newest activity
// first, 20 a page, with a search over the task, the title, both names and the messages.
import type { z } from 'zod';
import type { adminMessagesResponseSchema } from '#domain/schemas/message-api.schema';
import type { Executor } from '#server/db/client';
import * as repo from './messaging.repo.ts';
import { toMessage } from './messaging.service.ts';

const PAGE_SIZE = 20;
const name = (first: string, last: string) => `${first} ${last}`.trim();

export async function adminThreads(
  db: Executor,
  q: { search?: string | undefined; page: number },
): Promise<z.infer<typeof adminMessagesResponseSchema>> {
  const keys = await repo.adminThreads(db, {
    search: q.search ? q.search : null,
    limit: PAGE_SIZE,
    offset: (q.page - 1) * PAGE_SIZE,
  });
  const threads = await Promise.all(
    keys.map(async (k) => {
      const rows = await repo.threadPage(db, {
        estimateId: k.estimate_id,
        viewer: k.customer_id,
        other: k.provider_id,
        beforeSeq: null,
        limit: 200,
      });
      return {
        estimateId: k.estimate_id,
        task: k.task,
        finalEstimate: Number(k.final_cents) / 100,
        customerId: k.customer_id,
        customerName: name(k.customer_first, k.customer_last),
        providerId: k.provider_id,
        providerName: name(k.provider_first, k.provider_last),
        messages: rows.reverse().map(toMessage),
      };
    }),
  );
  return { threads, total: Number(keys[0]?.total ?? 0), page: q.page, pageSize: PAGE_SIZE };
}
