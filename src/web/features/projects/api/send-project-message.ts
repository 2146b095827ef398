// POST /api/projects/{id}/messages {body, offerAmount}: a provider's message, with an
// optional offer in dollars. The project is read again afterwards so the thread shows it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectMessageBody, ProjectMessageView } from '#domain/schemas/project.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { projectUrl } from './get-project.ts';

export interface SendProjectMessage {
  projectId: string;
  body: ProjectMessageBody;
}

export const sendProjectMessage = ({ projectId, body }: SendProjectMessage) =>
  apiJson<{ message: ProjectMessageView }>('POST', `${projectUrl(projectId)}/messages`, body);

export function useSendProjectMessage(config: MutationConfig<typeof sendProjectMessage> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendProjectMessage,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ['/api/projects', args[1].projectId] });
      return config.onSuccess?.(...args);
    },
  });
}
